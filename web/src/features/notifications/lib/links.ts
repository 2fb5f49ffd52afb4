/**
 * Where a notification leads. The server gives an app path; anything else (another site, `javascript:`, a
 * protocol-relative `//host`) is not followed, and the notification leads to the full list instead.
 */
export const notificationsPath = '/notifications';
export const unsubscribePath = '/unsubscribe';
/** The preferences section of the account settings page. */
export const preferencesHref = '/account#notifications';

export function safeAppPath(link: string | null | undefined): string {
  if (typeof link !== 'string') return notificationsPath;
  const trimmed = link.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) {
    return notificationsPath;
  }
  return trimmed;
}
