import type { ParticipantStatus } from '../api/sessions';

/** A participant's status; the player reads "Participated" for their own full participation. */
export function participantStatusKey(status: ParticipantStatus, viewer: 'gm' | 'player') {
  return viewer === 'player' && status === 'participated_fully'
    ? ('sessions.playerParticipated' as const)
    : (`sessions.participantStatus.${status}` as const);
}
