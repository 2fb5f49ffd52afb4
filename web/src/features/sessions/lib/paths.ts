/**
 * The sessions pages (spec §2): the player's and the GM's lists, a session's page for each, the create form.
 * Kept free of imports: the shell's router and sidebar load it with the first page.
 */
const player = '/dashboard/player/my-sessions';
const gm = '/dashboard/gm/my-sessions';

export const sessionPaths = {
  playerSessions: { path: player, getHref: () => player },
  playerSession: { path: `${player}/:id`, getHref: (id: string) => `${player}/${id}` },
  gmSessions: { path: gm, getHref: () => gm },
  create: {
    path: `${gm}/create`,
    /** With `series`, that series is chosen in the form. */
    getHref: (series?: string) => (series ? `${gm}/create?series=${series}` : `${gm}/create`),
  },
  gmSession: { path: `${gm}/:id`, getHref: (id: string) => `${gm}/${id}` },
} as const;
