/**
 * The GM's series calls: list (pages of 20), get by handle, create, update (the spec's four payloads), delete,
 * set the schedule, and the blueprints a series can be made from. Query keys start with `series`, the entity
 * name of the server's events, so a realtime event about a series refreshes them without a registration.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import {
  getSeries,
  seriesByHandleQueryKey,
  seriesQueryKey,
  seriesQueryOptions,
  type Series,
} from './get-series';

export { getSeries, seriesByHandleQueryKey, seriesQueryKey, seriesQueryOptions, type Series };

export type SeriesLocation = components['schemas']['SeriesLocation'];
export type SeriesPage = components['schemas']['SeriesPage'];
export type CreateSeriesBody = components['schemas']['CreateSeriesRequest'];
export type UpdateSeriesBody = components['schemas']['UpdateSeriesRequest'];
export type SetScheduleBody = components['schemas']['SetSeriesScheduleRequest'];
export type BlueprintSummary = components['schemas']['ActivityBlueprintSummary'];

export const pageSize = 20;
export async function listMySeries(offset: number): Promise<SeriesPage> {
  return unwrap(await api.GET('/api/series', { params: { query: { offset, limit: pageSize } } }));
}

export function mySeriesQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...seriesQueryKey, 'mine', offset],
    queryFn: () => listMySeries(offset),
  });
}

export function useMySeries(offset: number) {
  return useQuery(mySeriesQueryOptions(offset));
}

export function useSeries(handle: string) {
  return useQuery(seriesQueryOptions(handle));
}

/** The GM's blueprints for the wizard's select: the first 100 (the API's largest page). */
export function seriesBlueprintsQueryOptions() {
  return queryOptions({
    queryKey: ['activity-blueprints', 'for-series'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/activity-blueprints', { params: { query: { offset: 0, limit: 100 } } }),
      ).items,
  });
}

export function useSeriesBlueprints() {
  return useQuery(seriesBlueprintsQueryOptions());
}

/** Puts the answer in the cache of its page and marks the lists stale. */
export function useStoreSeries() {
  const queryClient = useQueryClient();
  return (series: Series) => {
    queryClient.setQueryData(seriesByHandleQueryKey(series.handle), series);
    void queryClient.invalidateQueries({ queryKey: [...seriesQueryKey, 'mine'] });
  };
}

export function useCreateSeries(config: MutationConfig<Series, CreateSeriesBody> = {}) {
  const store = useStoreSeries();
  return useFeatureMutation(
    {
      mutationFn: async (body) => unwrap(await api.POST('/api/series', { body })),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export type UpdateSeriesInput = { id: string; body: UpdateSeriesBody };

export function useUpdateSeries(config: MutationConfig<Series, UpdateSeriesInput> = {}) {
  const store = useStoreSeries();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, body }) =>
        unwrap(
          await api.PATCH('/api/series/{series_id}', {
            params: { path: { series_id: id } },
            body,
          }),
        ),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export type SetScheduleInput = { id: string; body: SetScheduleBody };

export function useSetSeriesSchedule(config: MutationConfig<Series, SetScheduleInput> = {}) {
  const store = useStoreSeries();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, body }) =>
        unwrap(
          await api.PUT('/api/series/{series_id}/schedule', {
            params: { path: { series_id: id } },
            body,
          }),
        ),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export function useDeleteSeries(config: MutationConfig<void, Series> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (series) => {
        ensureOk(
          await api.DELETE('/api/series/{series_id}', {
            params: { path: { series_id: series.id } },
          }),
        );
      },
      settle: (_data, series) => {
        queryClient.removeQueries({ queryKey: seriesByHandleQueryKey(series.handle) });
        void queryClient.invalidateQueries({ queryKey: [...seriesQueryKey, 'mine'] });
      },
    },
    config,
  );
}
