/** Links to the sessions pages (`paths.ts` holds their patterns, in the router's order). */
import { sessionPaths } from './paths';

const [playerList, gmList, , create] = sessionPaths;

export const sessionHrefs = {
  playerSessions: () => playerList,
  playerSession: (id: string) => `${playerList}/${encodeURIComponent(id)}`,
  gmSessions: () => gmList,
  /** With `series`, that series is chosen in the form. */
  create: (series?: string) =>
    series ? `${create}?${new URLSearchParams({ series }).toString()}` : create,
  gmSession: (id: string) => `${gmList}/${encodeURIComponent(id)}`,
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a session at all: a malformed one is "Session not found" without asking the server. */
export function isSessionId(id: string): boolean {
  return uuid.test(id);
}
