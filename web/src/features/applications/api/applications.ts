/**
 * The applications calls (issue 14): the player's applications and games, the GM's applications to their series
 * (pages of 20), apply, the four moves and removing a player. Query keys start with `series_application` (see
 * get-application.ts); a change also marks the `series` queries stale, since the seats taken change with it.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { pageSize, type ApplicationsFilters } from '../lib/filters';
import type { Move } from '../lib/moves';
import {
  applicationFor,
  applicationQueryKey,
  applicationQueryOptions,
  applicationsQueryKey,
  recentApplicationsQueryOptions,
  type SeriesApplication,
  type SeriesApplicationPage,
} from './get-application';

export {
  applicationFor,
  applicationQueryOptions,
  recentApplicationsQueryOptions,
  type SeriesApplication,
  type SeriesApplicationPage,
};

export type Series = components['schemas']['Series'];
export type SeriesPage = components['schemas']['SeriesPage'];

export function myApplicationsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...applicationsQueryKey, 'mine', offset],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/series-applications', {
          params: { query: { offset, limit: pageSize } },
        }),
      ),
  });
}

export function useMyApplications(offset: number) {
  return useQuery({ ...myApplicationsQueryOptions(offset), placeholderData: keepPreviousData });
}

/** The series where the player's application is accepted. */
export function myGamesQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...applicationsQueryKey, 'my-games', offset],
    queryFn: async () =>
      unwrap(await api.GET('/api/my-games', { params: { query: { offset, limit: pageSize } } })),
  });
}

export function useMyGames(offset: number) {
  return useQuery({ ...myGamesQueryOptions(offset), placeholderData: keepPreviousData });
}

export function seriesApplicationsQueryOptions(filters: ApplicationsFilters) {
  const query = {
    offset: filters.offset,
    limit: pageSize,
    ...(filters.series ? { series_id: filters.series } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
  return queryOptions({
    queryKey: [...applicationsQueryKey, 'gm', query],
    queryFn: async () =>
      unwrap(await api.GET('/api/gm/series-applications', { params: { query } })),
  });
}

export function useSeriesApplications(filters: ApplicationsFilters) {
  return useQuery({
    ...seriesApplicationsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** The GM's series for the filter (the first 100, the API's largest page); `series` key, so series events refresh it. */
export function gmSeriesChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['series', 'mine', 'choices'],
    queryFn: async () =>
      unwrap(await api.GET('/api/series', { params: { query: { offset: 0, limit: 100 } } })).items,
  });
}

export function useGmSeriesChoices() {
  return useQuery(gmSeriesChoicesQueryOptions());
}

export function useApplication(id: string | undefined) {
  return useQuery({ ...applicationQueryOptions(id ?? ''), enabled: id !== undefined });
}

export function useRecentApplications(enabled: boolean) {
  return useQuery({ ...recentApplicationsQueryOptions(), enabled });
}

/** Puts the answer in its cache entry and marks every list (and the series' seat counts) stale. */
function useStoreApplication() {
  const queryClient = useQueryClient();
  return (application: SeriesApplication) => {
    queryClient.setQueryData(applicationQueryKey(application.id), application);
    void queryClient.invalidateQueries({ queryKey: applicationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['series'] });
  };
}

/** The message the dialogs send: left out when empty (it is optional). */
export function messageBody(message: string): { message?: string } {
  const trimmed = message.trim();
  return trimmed === '' ? {} : { message: trimmed };
}

export type ApplyInput = { seriesId: string; message: string };

export function useApplyToSeries(config: MutationConfig<SeriesApplication, ApplyInput> = {}) {
  const store = useStoreApplication();
  return useFeatureMutation(
    {
      mutationFn: async ({ seriesId, message }) =>
        unwrap(
          await api.POST('/api/series-applications', {
            body: { series_id: seriesId, ...messageBody(message) },
          }),
        ),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export type MoveInput = { application: SeriesApplication; message: string };

async function move(which: Move, { application, message }: MoveInput): Promise<SeriesApplication> {
  const body = messageBody(message);
  const path = { application_id: application.id };
  switch (which) {
    case 'cancel':
      return unwrap(
        await api.POST('/api/series-applications/{application_id}/cancel', {
          params: { path },
          body,
        }),
      );
    case 'reopen':
      return unwrap(
        await api.POST('/api/series-applications/{application_id}/reopen', {
          params: { path },
          body,
        }),
      );
    case 'accept':
      return unwrap(
        await api.POST('/api/series-applications/{application_id}/accept', {
          params: { path },
          body,
        }),
      );
    case 'reject':
      return unwrap(
        await api.POST('/api/series-applications/{application_id}/reject', {
          params: { path },
          body,
        }),
      );
    case 'remove':
      return unwrap(
        await api.POST('/api/series/{series_id}/players/{player_id}/remove', {
          params: { path: { series_id: application.series_id, player_id: application.player_id } },
          body,
        }),
      );
  }
}

/** One of the moves on an existing application (spec §7: cancel, reopen, accept, reject; and remove). */
export function useApplicationMove(
  which: Move,
  config: MutationConfig<SeriesApplication, MoveInput> = {},
) {
  const store = useStoreApplication();
  return useFeatureMutation(
    {
      mutationFn: (input) => move(which, input),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}
