/**
 * One application by id, and the player's own applications: what the palette's context needs (data scopes
 * `series_application` and `gm_series_application`), kept apart from the lists and mutations. Every key starts
 * with `series_application`, the entity of the server's events, so a realtime event about an application
 * refreshes them without a registration (features/realtime's default).
 */
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type SeriesApplication = components['schemas']['SeriesApplication'];
export type SeriesApplicationPage = components['schemas']['SeriesApplicationPage'];

export const applicationsQueryKey = ['series_application'] as const;

export function applicationQueryKey(id: string) {
  return [...applicationsQueryKey, 'by-id', id] as const;
}

export function applicationQueryOptions(id: string) {
  return queryOptions({
    queryKey: applicationQueryKey(id),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/series-applications/{application_id}', {
          params: { path: { application_id: id } },
        }),
      ),
  });
}

/**
 * The player's most recently changed applications (the API's largest page, 100): where a series page finds the
 * viewer's own application to it. A player with more than 100 applications sees the older ones only in the list.
 */
export const recentApplicationsLimit = 100;

export function recentApplicationsQueryOptions() {
  return queryOptions({
    queryKey: [...applicationsQueryKey, 'mine', 'recent'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/series-applications', {
          params: { query: { offset: 0, limit: recentApplicationsLimit } },
        }),
      ),
  });
}

/** The viewer's application to `seriesId` among `page`, if any. */
export function applicationFor(
  page: SeriesApplicationPage | undefined,
  seriesId: string | undefined,
): SeriesApplication | undefined {
  if (!page || seriesId === undefined) return undefined;
  return page.items.find((application) => application.series_id === seriesId);
}
