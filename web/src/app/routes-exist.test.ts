/**
 * Nothing the app offers leads to a 404: every sidebar item and every palette command that navigates
 * points at a page of the route table (a page that does not exist yet is left out until it does).
 */
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { commandRegistry } from './commands/registry';
import { navSections } from './nav';
import { createRoutes } from './router';

const routes = createRoutes(new QueryClient());

/** True when `href` is served by a page, not by the catch-all Not Found route. */
function isKnownPage(href: string): boolean {
  const matches = matchRoutes(routes, new URL(href, 'http://localhost').pathname);
  const page = matches?.at(-1)?.route;
  return page !== undefined && page.path !== '*';
}

describe('links the app offers', () => {
  it('knows the catch-all from a page', () => {
    expect(isKnownPage('/')).toBe(true);
    expect(isKnownPage('/questboard')).toBe(true);
    expect(isKnownPage('/no-such-page')).toBe(false);
  });

  it('lead from the sidebar to existing pages only', () => {
    const targets = navSections.flatMap((section) => section.items.map((item) => item.to));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((to) => !isKnownPage(to))).toEqual([]);
  });

  it('lead from the palette to existing pages only', () => {
    const targets: string[] = [];
    const context = {
      authenticated: true,
      user: { id: '0195f0c4-0000-7000-8000-000000000001', name: 'Ada', roles: ['player', 'gm'] },
      pathname: '/',
      data: {},
    } as const;
    for (const command of commandRegistry) {
      command.perform?.(
        { ...context, user: { ...context.user, roles: [...context.user.roles] } },
        {
          navigate: (to) => {
            targets.push(to);
          },
        },
      );
    }
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((to) => !isKnownPage(to))).toEqual([]);
  });
});
