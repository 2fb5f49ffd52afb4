/** The blueprint pages' addresses (spec §2). */
export const blueprintPaths = {
  blueprints: {
    path: '/dashboard/gm/activity-blueprints',
    getHref: () => '/dashboard/gm/activity-blueprints',
  },
  blueprint: {
    path: '/dashboard/gm/activity-blueprints/:handle',
    getHref: (handle: string) => `/dashboard/gm/activity-blueprints/${encodeURIComponent(handle)}`,
  },
  parts: {
    path: '/dashboard/gm/activity-blueprint-parts',
    getHref: () => '/dashboard/gm/activity-blueprint-parts',
  },
  part: {
    path: '/dashboard/gm/activity-blueprint-parts/:handle',
    getHref: (handle: string) =>
      `/dashboard/gm/activity-blueprint-parts/${encodeURIComponent(handle)}`,
  },
} as const;
