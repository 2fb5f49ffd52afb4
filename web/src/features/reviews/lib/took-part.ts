/**
 * Whether a player's session may have feedback: it has ended by completion or by being stopped early (a session
 * stopped early was still played) and, for the palette, the player took part in it (fully or leaving early). The
 * server has the last word (`getMySessionFeedback`'s `eligible`); this only keeps the section's request and the
 * command away from sessions where feedback cannot apply.
 */
const tookPart: readonly string[] = ['participated_fully', 'left_early'];
const ended: readonly string[] = ['completed', 'stopped_early'];

export function feedbackMayApply(status: string): boolean {
  return ended.includes(status);
}

export function mayGiveFeedback(session: { status: string; me: { status: string } }): boolean {
  return feedbackMayApply(session.status) && tookPart.includes(session.me.status);
}
