import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createRoutes } from './router';
import routeTable from './routes.json';

/** Every page path the router draws (the catch-all Not Found route aside), joined with its parents'. */
function routerPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const path =
      route.index === true || route.path === undefined
        ? parent || '/'
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index === true || route.Component || route.lazy ? [path] : [];
    return [...own, ...routerPaths(route.children ?? [], path)];
  });
}

describe('the route table shared with the server (routes.json)', () => {
  const tablePaths = routeTable.routes.map((route) => route.path);
  const drawn = new Set(routerPaths(createRoutes(new QueryClient())));

  it('lists every page the router draws', () => {
    for (const path of drawn) expect(tablePaths, path).toContain(path);
  });

  it('lists nothing the router does not draw, so the server never answers 200 for a missing page', () => {
    for (const path of tablePaths) expect([...drawn], path).toContain(path);
  });

  it('lists each path once, in the pattern syntax the server understands', () => {
    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    for (const path of tablePaths) {
      expect(path, path).toMatch(/^\/([a-z0-9-]+|:[A-Za-z]+)?(\/([a-z0-9-]+|:[A-Za-z]+))*$/);
    }
  });

  it('names a page module for every path', () => {
    const modules = import.meta.glob('/src/features/*/routes/*.tsx');
    for (const route of routeTable.routes)
      expect(Object.keys(modules), route.path).toContain(`/${route.module}`);
  });
});
