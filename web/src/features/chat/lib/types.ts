/**
 * What the chat's screens show, apart from the API's exact shapes (the api/ module maps the server's answers to
 * these), so the components and their tests do not change when a field is renamed.
 */
export type ChatUser = { userId: string; nickname: string };

export type SeriesContext = { seriesId: string; title: string; handle: string | undefined };

export type ChatSummary = {
  id: string;
  other: ChatUser;
  lastMessage: { body: string; sentAt: string; fromMe: boolean } | undefined;
  unread: number;
};

export type ChatDetail = {
  id: string;
  other: ChatUser;
  /** The series the conversation is about now (the banner), if any. */
  context: SeriesContext | undefined;
  /** The viewer has blocked the other person. */
  blockedByMe: boolean;
};

export type HistoryEntry =
  | { kind: 'message'; id: string; body: string; sentAt: string; fromMe: boolean }
  | { kind: 'context'; id: string; at: string; series: SeriesContext };
