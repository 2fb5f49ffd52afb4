/**
 * Which conversation the auxiliary sidebar shows is in the address (`?chat=<id>`, or `?chat=all` for the list),
 * so a Chat button anywhere only navigates, Back returns to the list, and the app's layout opens the sidebar when
 * the parameter appears without knowing anything else about chat.
 */
export const chatParam = 'chat';
export const conversationsValue = 'all';

/** `search` with the chat parameter set to `value` (a conversation id, or `conversationsValue`). */
export function withChat(search: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(chatParam, value);
  return `?${params.toString()}`;
}

/** The open conversation's id, or undefined for the list (and when no chat parameter is given). */
export function openChatId(params: URLSearchParams): string | undefined {
  const value = params.get(chatParam);
  return value === null || value === '' || value === conversationsValue ? undefined : value;
}
