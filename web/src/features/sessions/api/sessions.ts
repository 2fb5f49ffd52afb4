/**
 * The sessions calls (issue 15): the GM's and the player's lists (pages of 20) and session views, creation, the
 * schedule, the status moves, the participants and the player's own moves. Every key starts with `session`, the
 * entity of the server's events, so a realtime event about a session refreshes its views and the lists without a
 * registration (features/realtime's default).
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { pageSize } from '../lib/pages';

type Schemas = components['schemas'];

export type GmSession = Schemas['GmSession'];
export type PlayerSession = Schemas['PlayerSession'];
export type GmSessionSummary = Schemas['GmSessionSummary'];
export type PlayerSessionSummary = Schemas['PlayerSessionSummary'];
export type SessionStatus = Schemas['SessionStatus'];
export type ParticipantStatus = Schemas['ParticipantStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type SessionAction = Schemas['SessionAction'];
export type ParticipantAction = Schemas['ParticipantAction'];
export type SessionEvent = Schemas['SessionEvent'];
export type SessionParticipant = Schemas['SessionParticipant'];
export type SessionPayment = Schemas['SessionPayment'];
export type SessionSchedule = Schemas['SessionSchedule'];
export type SessionScheduleInput = Schemas['SessionScheduleInput'];
export type CreateSessionRequest = Schemas['CreateSessionRequest'];
export type Refund = Schemas['Refund'];

export const sessionsQueryKey = ['session'] as const;

export function gmSessionQueryKey(id: string) {
  return [...sessionsQueryKey, 'gm', id] as const;
}

export function playerSessionQueryKey(id: string) {
  return [...sessionsQueryKey, 'player', id] as const;
}

export function gmSessionsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...sessionsQueryKey, 'gm-list', offset],
    queryFn: async () =>
      unwrap(await api.GET('/api/gm/sessions', { params: { query: { offset, limit: pageSize } } })),
  });
}

export function useGmSessions(offset: number) {
  return useQuery({ ...gmSessionsQueryOptions(offset), placeholderData: keepPreviousData });
}

export function playerSessionsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...sessionsQueryKey, 'player-list', offset],
    queryFn: async () =>
      unwrap(await api.GET('/api/my-sessions', { params: { query: { offset, limit: pageSize } } })),
  });
}

export function usePlayerSessions(offset: number) {
  return useQuery({ ...playerSessionsQueryOptions(offset), placeholderData: keepPreviousData });
}

export function gmSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: gmSessionQueryKey(id),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/gm/sessions/{session_id}', { params: { path: { session_id: id } } }),
      ),
  });
}

export function useGmSession(id: string, enabled = true) {
  return useQuery({ ...gmSessionQueryOptions(id), enabled, retry: false });
}

export function playerSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: playerSessionQueryKey(id),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/my-sessions/{session_id}', { params: { path: { session_id: id } } }),
      ),
  });
}

export function usePlayerSession(id: string, enabled = true) {
  return useQuery({ ...playerSessionQueryOptions(id), enabled, retry: false });
}

/**
 * The session's payments with their refunds (issue 16): the GM's all, a player's own. The session views carry the
 * payments without refunds; this list adds them. Its key starts with `session`, so the session's events refresh it.
 */
export function useSessionRefunds(id: string) {
  const { data } = useQuery({
    queryKey: [...sessionsQueryKey, 'payments', id],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/sessions/{session_id}/payments', {
          params: { path: { session_id: id }, query: { offset: 0, limit: 100 } },
        }),
      ).items,
  });
  return new Map<string, Refund>(
    (data ?? []).flatMap((payment) => (payment.refund ? [[payment.id, payment.refund]] : [])),
  );
}

/** The GM's active series (the first 100, the API's largest page): the ones a session can be created in. */
export function activeSeriesQueryOptions() {
  return queryOptions({
    queryKey: ['series', 'mine', 'active-for-sessions'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/series', { params: { query: { offset: 0, limit: 100 } } }),
      ).items.filter((series) => series.lifecycle_status === 'active'),
  });
}

export function useActiveSeries() {
  return useQuery(activeSeriesQueryOptions());
}

export type AcceptedPlayer = { id: string; name: string };

/** The series' accepted players (the first 100): who can be invited. `series_application` key: their events refresh it. */
export function acceptedPlayersQueryOptions(seriesId: string) {
  return queryOptions({
    queryKey: ['series_application', 'accepted-players', seriesId],
    queryFn: async (): Promise<AcceptedPlayer[]> =>
      unwrap(
        await api.GET('/api/gm/series-applications', {
          params: { query: { series_id: seriesId, status: 'accepted', offset: 0, limit: 100 } },
        }),
      ).items.map((application) => ({
        id: application.player_id,
        name: application.player_display_name,
      })),
  });
}

export function useAcceptedPlayers(seriesId: string | undefined) {
  return useQuery({
    ...acceptedPlayersQueryOptions(seriesId ?? ''),
    enabled: seriesId !== undefined && seriesId !== '',
  });
}

/** Puts the GM's view in its cache entry and marks the lists stale. */
function useStoreGmSession() {
  const queryClient = useQueryClient();
  return (session: GmSession) => {
    queryClient.setQueryData(gmSessionQueryKey(session.id), session);
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  };
}

function useStorePlayerSession() {
  const queryClient = useQueryClient();
  return (session: PlayerSession) => {
    queryClient.setQueryData(playerSessionQueryKey(session.id), session);
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  };
}

/** The message a dialog sends: left out when empty (it is optional). */
export function messageBody(message: string): { message?: string } {
  const trimmed = message.trim();
  return trimmed === '' ? {} : { message: trimmed };
}

export function useCreateSession(config: MutationConfig<GmSession, CreateSessionRequest> = {}) {
  const store = useStoreGmSession();
  return useFeatureMutation(
    {
      mutationFn: async (body) => unwrap(await api.POST('/api/sessions', { body })),
      settle: store,
    },
    config,
  );
}

export type ScheduleInput = { id: string; schedule: SessionScheduleInput };

export function useUpdateSchedule(config: MutationConfig<GmSession, ScheduleInput> = {}) {
  const store = useStoreGmSession();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, schedule }) =>
        unwrap(
          await api.PUT('/api/sessions/{session_id}/schedule', {
            params: { path: { session_id: id } },
            body: { schedule },
          }),
        ),
      settle: store,
    },
    config,
  );
}

/** The GM's status moves that answer with the session (delete answers nothing). */
export type GmMove =
  | 'start_planning'
  | 'fix_schedule'
  | 'start_preparation'
  | 'start'
  | 'complete'
  | 'stop_early'
  | 'cancel';

export type GmMoveInput = { id: string; message?: string };

async function gmMove(move: GmMove, { id, message = '' }: GmMoveInput): Promise<GmSession> {
  const params = { path: { session_id: id } };
  switch (move) {
    case 'start_planning':
      return unwrap(await api.POST('/api/sessions/{session_id}/start-planning', { params }));
    case 'fix_schedule':
      return unwrap(await api.POST('/api/sessions/{session_id}/fix-schedule', { params }));
    case 'start_preparation':
      return unwrap(await api.POST('/api/sessions/{session_id}/start-preparation', { params }));
    case 'start':
      return unwrap(await api.POST('/api/sessions/{session_id}/start', { params }));
    case 'complete':
      return unwrap(await api.POST('/api/sessions/{session_id}/complete', { params }));
    case 'stop_early':
      return unwrap(await api.POST('/api/sessions/{session_id}/stop-early', { params }));
    case 'cancel':
      return unwrap(
        await api.POST('/api/sessions/{session_id}/cancel', { params, body: messageBody(message) }),
      );
  }
}

export function useGmMove(move: GmMove, config: MutationConfig<GmSession, GmMoveInput> = {}) {
  const store = useStoreGmSession();
  return useFeatureMutation({ mutationFn: (input) => gmMove(move, input), settle: store }, config);
}

export function useDeleteSession(config: MutationConfig<void, { id: string }> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async ({ id }) => {
        ensureOk(
          await api.DELETE('/api/sessions/{session_id}', { params: { path: { session_id: id } } }),
        );
      },
      settle: (_data, { id }) => {
        queryClient.removeQueries({ queryKey: gmSessionQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      },
    },
    config,
  );
}

export function useAddParticipants(
  config: MutationConfig<GmSession, { id: string; playerIds: string[] }> = {},
) {
  const store = useStoreGmSession();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, playerIds }) =>
        unwrap(
          await api.POST('/api/sessions/{session_id}/participants', {
            params: { path: { session_id: id } },
            body: { player_ids: playerIds },
          }),
        ),
      settle: store,
    },
    config,
  );
}

export function useRemoveParticipant(
  config: MutationConfig<GmSession, { id: string; playerId: string; message: string }> = {},
) {
  const store = useStoreGmSession();
  return useFeatureMutation(
    {
      mutationFn: async ({ id, playerId, message }) =>
        unwrap(
          await api.POST('/api/sessions/{session_id}/participants/{player_id}/remove', {
            params: { path: { session_id: id, player_id: playerId } },
            body: messageBody(message),
          }),
        ),
      settle: store,
    },
    config,
  );
}

export type PlayerMoveInput = { id: string; message: string };

async function playerMove(
  move: 'confirm' | 'reject' | 'ready' | 'leave',
  { id, message }: PlayerMoveInput,
): Promise<PlayerSession> {
  const options = { params: { path: { session_id: id } }, body: messageBody(message) };
  switch (move) {
    case 'confirm':
      return unwrap(await api.POST('/api/sessions/{session_id}/confirm', options));
    case 'reject':
      return unwrap(await api.POST('/api/sessions/{session_id}/reject', options));
    case 'ready':
      return unwrap(await api.POST('/api/sessions/{session_id}/ready', options));
    case 'leave':
      return unwrap(await api.POST('/api/sessions/{session_id}/leave', options));
  }
}

export function usePlayerMove(
  move: 'confirm' | 'reject' | 'ready' | 'leave',
  config: MutationConfig<PlayerSession, PlayerMoveInput> = {},
) {
  const store = useStorePlayerSession();
  return useFeatureMutation(
    { mutationFn: (input) => playerMove(move, input), settle: store },
    config,
  );
}
