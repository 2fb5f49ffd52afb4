/**
 * TEMPORARY: the sessions API of issue 15's contract, written by hand until the server branch's generated
 * schema (web/src/lib/api/schema.ts) is merged; then this file is deleted and the feature uses the generated
 * `components['schemas']` and the app's `api` client.
 */
import type { Client } from 'openapi-fetch';

import { api } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type SessionStatus =
  | 'planning'
  | 'scheduled'
  | 'waiting_for_players'
  | 'waiting_for_payment'
  | 'ready_to_start'
  | 'in_progress'
  | 'completed'
  | 'stopped_early'
  | 'cancelled';
export type ParticipantStatus =
  | 'invited'
  | 'confirmed'
  | 'ready'
  | 'rejected'
  | 'participating'
  | 'participated_fully'
  | 'left_early'
  | 'no_show'
  | 'cancelled'
  | 'removed_by_gm';
export type PaymentStatus = 'created' | 'pending' | 'completed' | 'refunded' | 'failed';
export type SessionAction =
  | 'update_schedule'
  | 'start_planning'
  | 'fix_schedule'
  | 'start_preparation'
  | 'start'
  | 'complete'
  | 'stop_early'
  | 'cancel'
  | 'delete'
  | 'add_participants'
  | 'remove_participant';
export type ParticipantAction = 'confirm' | 'reject' | 'ready' | 'leave';
export type SessionEventKind =
  | 'created'
  | 'updated'
  | 'invited'
  | 'confirmed'
  | 'ready'
  | 'rejected'
  | 'cancelled'
  | 'left'
  | 'removed'
  | 'status_changed';

export type SessionScheduleInput = {
  scheduled_start_datetime: string;
  scheduled_duration_minutes: number;
};
export type CreateSessionRequest = {
  series_id: string;
  participant_ids: string[];
  schedule: SessionScheduleInput;
};
export type UpdateSessionScheduleRequest = { schedule: SessionScheduleInput };
export type AddSessionParticipantsRequest = { player_ids: string[] };
export type SessionMessageRequest = { message?: string | null };

export type SessionSeries = {
  id: string;
  handle: string;
  title: string;
  time_zone: string;
  pricing?: Schemas['SeriesPricing'] | null;
  min_players: number;
  max_players: number;
};
export type SessionSchedule = SessionScheduleInput;
export type SessionSeats = { confirmed: number; total: number };
export type SessionParticipant = {
  player_id: string;
  display_name: string;
  status: ParticipantStatus;
  message?: string | null;
  paid: boolean;
  updated_at: string;
};
export type SessionPayment = {
  id: string;
  player_id: string;
  player_display_name: string;
  amount: string;
  currency_code: string;
  status: PaymentStatus;
  cart_id?: string | null;
  order_id?: string | null;
  transaction_id?: string | null;
  transactions_count: number;
  created_at: string;
  updated_at: string;
};
export type SessionEvent = {
  id: string;
  kind: SessionEventKind;
  actor_id?: string | null;
  actor_display_name: string;
  player_id?: string | null;
  status?: SessionStatus | null;
  message?: string | null;
  at: string;
};
type SessionCommon = {
  id: string;
  series: SessionSeries;
  game_master_id: string;
  game_master_display_name: string;
  status: SessionStatus;
  schedule: SessionSchedule;
  actual_start_datetime?: string | null;
  actual_duration_minutes?: number | null;
  preparation_opens_at: string;
  seats: SessionSeats;
  participants: SessionParticipant[];
  events: SessionEvent[];
  created_at: string;
  updated_at: string;
  version: number;
};
export type GmSession = SessionCommon & {
  payments: SessionPayment[];
  allowed_actions: SessionAction[];
};
export type SessionMe = {
  status: ParticipantStatus;
  message?: string | null;
  allowed_actions: ParticipantAction[];
};
export type PlayerSession = SessionCommon & { me: SessionMe; payment?: SessionPayment | null };
type SummarySeries = { id: string; handle: string; title: string };
export type GmSessionSummary = {
  id: string;
  series: SummarySeries;
  status: SessionStatus;
  schedule: SessionSchedule;
  seats: SessionSeats;
  participant_count: number;
  updated_at: string;
};
export type PlayerSessionSummary = {
  id: string;
  series: SummarySeries;
  game_master_display_name: string;
  status: SessionStatus;
  schedule: SessionSchedule;
  seats: SessionSeats;
  my_status: ParticipantStatus;
};
export type GmSessionPage = {
  items: GmSessionSummary[];
  count: number;
  offset: number;
  limit: number;
};
export type PlayerSessionPage = {
  items: PlayerSessionSummary[];
  count: number;
  offset: number;
  limit: number;
};

// openapi-typescript's shape of an operation, enough for openapi-fetch's types.
type Json<T> = { headers: Record<string, unknown>; content: Record<'application/json', T> };
type Errors = { 400: Json<Schemas['ErrorBody']>; 404: Json<Schemas['ErrorBody']> };
type Params<Path, Query> = { query?: Query; header?: never; cookie?: never } & ([Path] extends [
  never,
]
  ? { path?: never }
  : { path: Path });
type Op<Path, Query, Body, Answer, Status extends number = 200> = {
  parameters: Params<Path, Query>;
  requestBody: Body extends never ? never : { content: Record<'application/json', Body> };
  responses: Record<Status, Json<Answer>> & Errors;
};
type NoBodyOp<Path, Query, Answer, Status extends number = 200> = {
  parameters: Params<Path, Query>;
  requestBody?: never;
  responses: Record<Status, Json<Answer>> & Errors;
};
type Item<Methods> = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
} & Methods;
type SessionPath = { session_id: string };
type Move<Body, Answer> = Item<{ post: Op<SessionPath, never, Body, Answer> }>;
type PostOnly<Answer> = Item<{ post: NoBodyOp<SessionPath, never, Answer> }>;

type SessionPaths = {
  '/api/sessions': Item<{ post: Op<never, never, CreateSessionRequest, GmSession, 201> }>;
  '/api/gm/sessions': Item<{
    get: NoBodyOp<
      never,
      { offset?: number; limit?: number; series_id?: string; status?: SessionStatus },
      GmSessionPage
    >;
  }>;
  '/api/gm/sessions/{session_id}': Item<{ get: NoBodyOp<SessionPath, never, GmSession> }>;
  '/api/sessions/{session_id}': Item<{
    delete: {
      parameters: { query?: never; header?: never; path: SessionPath; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never } } & Errors;
    };
  }>;
  '/api/sessions/{session_id}/schedule': Item<{
    put: Op<SessionPath, never, UpdateSessionScheduleRequest, GmSession>;
  }>;
  '/api/sessions/{session_id}/start-planning': PostOnly<GmSession>;
  '/api/sessions/{session_id}/fix-schedule': PostOnly<GmSession>;
  '/api/sessions/{session_id}/start-preparation': PostOnly<GmSession>;
  '/api/sessions/{session_id}/start': PostOnly<GmSession>;
  '/api/sessions/{session_id}/complete': PostOnly<GmSession>;
  '/api/sessions/{session_id}/stop-early': PostOnly<GmSession>;
  '/api/sessions/{session_id}/cancel': Move<SessionMessageRequest, GmSession>;
  '/api/sessions/{session_id}/participants': Move<AddSessionParticipantsRequest, GmSession>;
  '/api/sessions/{session_id}/participants/{player_id}/remove': Item<{
    post: Op<{ session_id: string; player_id: string }, never, SessionMessageRequest, GmSession>;
  }>;
  '/api/my-sessions': Item<{
    get: NoBodyOp<
      never,
      { offset?: number; limit?: number; status?: SessionStatus },
      PlayerSessionPage
    >;
  }>;
  '/api/my-sessions/{session_id}': Item<{ get: NoBodyOp<SessionPath, never, PlayerSession> }>;
  '/api/sessions/{session_id}/confirm': Move<SessionMessageRequest, PlayerSession>;
  '/api/sessions/{session_id}/reject': Move<SessionMessageRequest, PlayerSession>;
  '/api/sessions/{session_id}/ready': Move<SessionMessageRequest, PlayerSession>;
  '/api/sessions/{session_id}/leave': Move<SessionMessageRequest, PlayerSession>;
};

/** The app's client, typed with the sessions paths too. */
export const sessionsApi = api as unknown as Client<paths & SessionPaths>;
