/**
 * The Dashboard call (issue 19): one answer with the next sessions and the actions waiting, per role. It gathers
 * sessions, applications, series and the feedback given, so an event about any of them marks it stale (on top of
 * their own queries); a paid seat reaches it as its session's `updated` event (commerce announces no entity of its
 * own), feedback given as the author's `review` event.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { alsoInvalidate } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Dashboard = Schemas['Dashboard'];
export type DashboardSection = Schemas['DashboardSection'];
export type DashboardSession = Schemas['DashboardSession'];
export type DashboardAction = Schemas['DashboardAction'];
export type DashboardActionKind = Schemas['DashboardActionKind'];

export const dashboardQueryKey = ['dashboard'] as const;

/** The entities whose events can change what the Dashboard shows. */
export const dashboardEntities = ['session', 'series_application', 'series', 'review'] as const;

alsoInvalidate(dashboardEntities, dashboardQueryKey);

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: async () => unwrap(await api.GET('/api/dashboard')),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
