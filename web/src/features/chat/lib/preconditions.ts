/**
 * When a direct chat can be started (spec §5): both sides' chat users are loaded, each has a nickname, and the
 * other account is someone else. When any of it fails the Chat button is absent rather than broken; a visitor
 * who is not signed in never sees it.
 */
export type ChatParty = {
  /** The account id; undefined while it is not known (a profile still loading, a series without a GM). */
  userId: string | null | undefined;
  /** The nickname the chat shows; undefined while the chat user loads. */
  nickname: string | null | undefined;
};

function hasNickname(party: ChatParty): boolean {
  return typeof party.nickname === 'string' && party.nickname.trim() !== '';
}

function hasAccount(party: ChatParty): party is ChatParty & { userId: string } {
  return typeof party.userId === 'string' && party.userId !== '';
}

/** The first checks, before any chat user is fetched: signed in, another account, never oneself. */
export function mayOfferChat(
  viewerId: string | null | undefined,
  otherId: string | null | undefined,
): otherId is string {
  return (
    typeof viewerId === 'string' &&
    viewerId !== '' &&
    typeof otherId === 'string' &&
    otherId !== '' &&
    viewerId !== otherId
  );
}

/** Every precondition: both chat users loaded with nicknames, two different accounts. */
export function canStartChat(viewer: ChatParty | undefined, other: ChatParty | undefined): boolean {
  if (viewer === undefined || other === undefined) return false;
  if (!hasAccount(viewer) || !hasAccount(other)) return false;
  return mayOfferChat(viewer.userId, other.userId) && hasNickname(viewer) && hasNickname(other);
}
