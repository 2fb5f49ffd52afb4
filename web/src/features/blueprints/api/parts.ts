/** The blueprint part calls: list, get by handle, create, update (the editor's autosave too), delete. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { blueprintsQueryKey, pageSize } from './blueprints';

export type BlueprintPart = components['schemas']['BlueprintPart'];
export type BlueprintPartSummary = components['schemas']['BlueprintPartSummary'];
export type BlueprintPartPage = components['schemas']['BlueprintPartPage'];
export type CreateBlueprintPartBody = components['schemas']['CreateBlueprintPartRequest'];
export type UpdateBlueprintPartBody = components['schemas']['UpdateBlueprintPartRequest'];

export const partsQueryKey = ['blueprint-parts'] as const;

export function partQueryKey(handle: string) {
  return [...partsQueryKey, 'by-handle', handle] as const;
}

// A part's text shows on every blueprint that uses it.
registerInvalidation('blueprint_part', () => [partsQueryKey, blueprintsQueryKey]);

export async function listMyParts(offset: number, limit = pageSize): Promise<BlueprintPartPage> {
  return unwrap(
    await api.GET('/api/activity-blueprint-parts', { params: { query: { offset, limit } } }),
  );
}

export function partsQueryOptions(offset: number, limit = pageSize) {
  return queryOptions({
    queryKey: [...partsQueryKey, 'list', offset, limit],
    queryFn: () => listMyParts(offset, limit),
  });
}

export function useMyParts(offset: number, limit = pageSize) {
  return useQuery(partsQueryOptions(offset, limit));
}

export async function getPart(handle: string): Promise<BlueprintPart> {
  return unwrap(
    await api.GET('/api/activity-blueprint-parts/by-handle/{handle}', {
      params: { path: { handle } },
    }),
  );
}

export function partQueryOptions(handle: string) {
  return queryOptions({ queryKey: partQueryKey(handle), queryFn: () => getPart(handle) });
}

export function usePart(handle: string) {
  return useQuery(partQueryOptions(handle));
}

export function useCreatePart(config: MutationConfig<BlueprintPart, CreateBlueprintPartBody> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (body) => unwrap(await api.POST('/api/activity-blueprint-parts', { body })),
      settle: (data) => {
        queryClient.setQueryData(partQueryKey(data.handle), data);
        void queryClient.invalidateQueries({ queryKey: [...partsQueryKey, 'list'] });
      },
    },
    config,
  );
}

export async function updatePart(
  id: string,
  body: UpdateBlueprintPartBody,
): Promise<BlueprintPart> {
  return unwrap(
    await api.PATCH('/api/activity-blueprint-parts/{part_id}', {
      params: { path: { part_id: id } },
      body,
    }),
  );
}

export type UpdatePartInput = { id: string; body: UpdateBlueprintPartBody };

export function useUpdatePart(config: MutationConfig<BlueprintPart, UpdatePartInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: ({ id, body }) => updatePart(id, body),
      settle: (data) => {
        queryClient.setQueryData(partQueryKey(data.handle), data);
        void queryClient.invalidateQueries({ queryKey: [...partsQueryKey, 'list'] });
      },
    },
    config,
  );
}

export function useDeletePart(config: MutationConfig<void, BlueprintPart> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (part) => {
        ensureOk(
          await api.DELETE('/api/activity-blueprint-parts/{part_id}', {
            params: { path: { part_id: part.id } },
          }),
        );
      },
      settle: (_data, variables) => {
        queryClient.removeQueries({ queryKey: partQueryKey(variables.handle) });
        void queryClient.invalidateQueries({ queryKey: partsQueryKey });
        void queryClient.invalidateQueries({ queryKey: blueprintsQueryKey });
      },
    },
    config,
  );
}
