/**
 * The sessions pages' route patterns (spec §2). The shell's router and sidebar load this with the first page, and
 * the Questboard's first load has no bytes to spare (issue 11's budget), so it is the patterns alone, in the
 * order of `routes/pages.tsx`: the player's list, the GM's list, the player's session, the create form, the GM's
 * session. The links the feature builds are in `hrefs.ts`.
 */
const player = '/dashboard/player/my-sessions';
const gm = '/dashboard/gm/my-sessions';

/** [player list, GM list, player session, create (`?series=` chooses the series), GM session] */
export const sessionPaths = [player, gm, `${player}/:id`, `${gm}/create`, `${gm}/:id`] as const;
