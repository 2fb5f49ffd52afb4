import { notificationsPath } from '@/lib/paths';

/**
 * Where a notification leads. The server gives an app path; anything else (another site, `javascript:`, a
 * protocol-relative `//host`) is not followed, and the notification leads to the full list instead.
 */
export function safeAppPath(link: string | null | undefined): string {
  if (typeof link !== 'string') return notificationsPath;
  const trimmed = link.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) {
    return notificationsPath;
  }
  return trimmed;
}
