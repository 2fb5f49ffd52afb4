/** The five sessions pages, in the order of `lib/paths.ts`, as `sessions.tsx` loads them. */
import CreateSessionRoute, { createLoader as createSessionLoader } from './create-session';
import GmSessionRoute, { createLoader as gmSessionLoader } from './gm-session';
import GmSessionsRoute, { createLoader as gmSessionsLoader } from './gm-sessions';
import PlayerSessionRoute, { createLoader as playerSessionLoader } from './player-session';
import PlayerSessionsRoute, { createLoader as playerSessionsLoader } from './player-sessions';

export const sessionPages = [
  { default: PlayerSessionsRoute, createLoader: playerSessionsLoader },
  { default: GmSessionsRoute, createLoader: gmSessionsLoader },
  { default: PlayerSessionRoute, createLoader: playerSessionLoader },
  { default: CreateSessionRoute, createLoader: createSessionLoader },
  { default: GmSessionRoute, createLoader: gmSessionLoader },
] as const;
