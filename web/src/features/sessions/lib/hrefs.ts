/** Links to the sessions pages, and their patterns by name (`paths.ts` holds them in the router's order). */
import { sessionPaths } from './paths';

const [playerList, gmList, playerSession, create, gmSession] = sessionPaths;

export const sessionPatterns = { playerList, gmList, playerSession, create, gmSession };

export const sessionHrefs = {
  playerSessions: () => playerList,
  playerSession: (id: string) => `${playerList}/${encodeURIComponent(id)}`,
  gmSessions: () => gmList,
  /** With `series`, that series is chosen in the form. */
  create: (series?: string) =>
    series ? `${create}?${new URLSearchParams({ series }).toString()}` : create,
  gmSession: (id: string) => `${gmList}/${encodeURIComponent(id)}`,
};
