/**
 * The composer's rules without React: the length limit counted in characters as the server counts them (Unicode
 * scalar values, not UTF-16 units), what may be sent, and the client-generated id that makes a retried send
 * idempotent: the same text keeps its id until the server has stored it.
 */
import { storageKeys } from '@/lib/storage-keys';

/** The longest message in characters (the server refuses longer ones with `message_too_long`). */
export const MESSAGE_MAX_CHARS = 2000;

export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Whether `text` may be sent: something besides white space, within the limit. */
export function canSend(text: string, max: number = MESSAGE_MAX_CHARS): boolean {
  return text.trim() !== '' && characterCount(text) <= max;
}

/** A pending send: the text and the id it goes out with, kept until the server acknowledges it. */
export type PendingSend = { body: string; clientId: string };

/** The send for `body`: the pending one again when the text is unchanged (a retry), otherwise a new id. */
export function nextSend(
  body: string,
  pending: PendingSend | undefined,
  newId: () => string = () => crypto.randomUUID(),
): PendingSend {
  return pending?.body === body ? pending : { body, clientId: newId() };
}

function draftKey(chatId: string): string {
  return `${storageKeys.chatDraftPrefix}${chatId}`;
}

/** The unsent text of a conversation, kept for this browser session. */
export function readDraft(chatId: string): string {
  try {
    return sessionStorage.getItem(draftKey(chatId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(chatId: string, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(draftKey(chatId));
    else sessionStorage.setItem(draftKey(chatId), text);
  } catch {
    // Storage full or refused: the text stays in the composer for as long as it is open.
  }
}
