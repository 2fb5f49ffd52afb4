/**
 * Whether the palette offers "Give feedback" on a player's session page: the session is completed and the player
 * took part in it (fully or leaving early). The server has the last word (`getMySessionFeedback`'s `eligible`);
 * this only keeps the command out of the list where it cannot apply, without a request.
 */
const tookPart: readonly string[] = ['participated_fully', 'left_early'];

export function mayGiveFeedback(session: { status: string; me: { status: string } }): boolean {
  return session.status === 'completed' && tookPart.includes(session.me.status);
}
