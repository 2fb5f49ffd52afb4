/** The five sessions pages, in the order of `lib/paths.ts`, as `sessions.tsx` loads them, with their titles. */
import CreateSessionRoute, { createLoader as createSessionLoader } from './create-session';
import GmSessionRoute, { createLoader as gmSessionLoader } from './gm-session';
import GmSessionsRoute, { createLoader as gmSessionsLoader } from './gm-sessions';
import PlayerSessionRoute, { createLoader as playerSessionLoader } from './player-session';
import PlayerSessionsRoute, { createLoader as playerSessionsLoader } from './player-sessions';

const lists = { titleKey: 'sessions.pageTitles.mySessions' } as const;
const session = { titleKey: 'sessions.pageTitles.session' } as const;

export const sessionPages = [
  { default: PlayerSessionsRoute, createLoader: playerSessionsLoader, handle: lists },
  { default: GmSessionsRoute, createLoader: gmSessionsLoader, handle: lists },
  { default: PlayerSessionRoute, createLoader: playerSessionLoader, handle: session },
  { default: CreateSessionRoute, createLoader: createSessionLoader, handle: session },
  { default: GmSessionRoute, createLoader: gmSessionLoader, handle: session },
] as const;
