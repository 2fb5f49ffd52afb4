/** The activity blueprint calls: list, get by handle, create, update, delete, and setting the ordered parts. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

export type ActivityBlueprint = components['schemas']['ActivityBlueprint'];
export type ActivityBlueprintSummary = components['schemas']['ActivityBlueprintSummary'];
export type ActivityBlueprintPage = components['schemas']['ActivityBlueprintPage'];
export type CreateActivityBlueprintBody = components['schemas']['CreateActivityBlueprintRequest'];
export type UpdateActivityBlueprintBody = components['schemas']['UpdateActivityBlueprintRequest'];
export type ActivityType = components['schemas']['ActivityType'];
export type Language = components['schemas']['Language'];

export const pageSize = 20;

export const blueprintsQueryKey = ['activity-blueprints'] as const;

export function blueprintQueryKey(handle: string) {
  return [...blueprintsQueryKey, 'by-handle', handle] as const;
}

// Blueprint events go to the owner; a part's change shows on the blueprints that use it.
registerInvalidation('activity_blueprint', () => [blueprintsQueryKey]);

export async function listMyBlueprints(offset: number): Promise<ActivityBlueprintPage> {
  return unwrap(
    await api.GET('/api/activity-blueprints', { params: { query: { offset, limit: pageSize } } }),
  );
}

export function blueprintsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...blueprintsQueryKey, 'list', offset],
    queryFn: () => listMyBlueprints(offset),
  });
}

export function useMyBlueprints(offset: number) {
  return useQuery(blueprintsQueryOptions(offset));
}

export async function getBlueprint(handle: string): Promise<ActivityBlueprint> {
  return unwrap(
    await api.GET('/api/activity-blueprints/by-handle/{handle}', {
      params: { path: { handle } },
    }),
  );
}

export function blueprintQueryOptions(handle: string) {
  return queryOptions({ queryKey: blueprintQueryKey(handle), queryFn: () => getBlueprint(handle) });
}

export function useBlueprint(handle: string) {
  return useQuery(blueprintQueryOptions(handle));
}

function useStoreBlueprint() {
  const queryClient = useQueryClient();
  return (blueprint: ActivityBlueprint) => {
    queryClient.setQueryData(blueprintQueryKey(blueprint.handle), blueprint);
    void queryClient.invalidateQueries({ queryKey: [...blueprintsQueryKey, 'list'] });
  };
}

export function useCreateBlueprint(
  config: MutationConfig<ActivityBlueprint, CreateActivityBlueprintBody> = {},
) {
  const store = useStoreBlueprint();
  return useFeatureMutation(
    {
      mutationFn: async (body) => unwrap(await api.POST('/api/activity-blueprints', { body })),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export type UpdateBlueprintInput = { id: string; body: UpdateActivityBlueprintBody };

export function useUpdateBlueprint(
  config: MutationConfig<ActivityBlueprint, UpdateBlueprintInput> = {},
) {
  const store = useStoreBlueprint();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, body }) =>
        unwrap(
          await api.PATCH('/api/activity-blueprints/{blueprint_id}', {
            params: { path: { blueprint_id: id } },
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

export type SetPartsInput = { id: string; partIds: string[]; version: number };

export function useSetBlueprintParts(
  config: MutationConfig<ActivityBlueprint, SetPartsInput> = {},
) {
  const store = useStoreBlueprint();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, partIds, version }) =>
        unwrap(
          await api.PUT('/api/activity-blueprints/{blueprint_id}/parts', {
            params: { path: { blueprint_id: id } },
            body: { part_ids: partIds, version },
          }),
        ),
      settle: (data) => {
        store(data);
      },
    },
    config,
  );
}

export function useDeleteBlueprint(config: MutationConfig<void, ActivityBlueprint> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (blueprint) => {
        ensureOk(
          await api.DELETE('/api/activity-blueprints/{blueprint_id}', {
            params: { path: { blueprint_id: blueprint.id } },
          }),
        );
      },
      settle: (_data, variables) => {
        queryClient.removeQueries({ queryKey: blueprintQueryKey(variables.handle) });
        void queryClient.invalidateQueries({ queryKey: blueprintsQueryKey });
      },
    },
    config,
  );
}
