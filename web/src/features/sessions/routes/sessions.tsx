/**
 * The five sessions pages reach the router through this one small module: the shell's first load then carries a
 * single entry for them, without the list of chunks the pages import (issue 11's JavaScript budget leaves no room
 * for more). The pages themselves load from here when first visited.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

export type SessionPage = {
  default: ComponentType;
  createLoader: (queryClient: QueryClient) => NonNullable<RouteObject['loader']>;
  handle: { titleKey: 'sessions.pageTitles.mySessions' | 'sessions.pageTitles.session' };
};

/** The page of `sessionPaths[index]`. */
export function loadSessionPage(index: number): Promise<SessionPage> {
  return import('./pages').then((module) => module.sessionPages[index] as SessionPage);
}
