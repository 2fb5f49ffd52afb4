/** Sidebar constants of the spec and the cookie that remembers whether a sidebar is open. */
import { readCookie, serializeCookie } from '@/lib/cookies';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const AUX_SIDEBAR_WIDTH = '350px';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** Seven days. */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export const MAIN_SIDEBAR_COOKIE = 'sidebar_state';
export const AUX_SIDEBAR_COOKIE = 'aux_sidebar_state';

export type SidebarState = 'expanded' | 'collapsed';

/** The remembered open state, or `defaultOpen` when there is none (or it is not ours). */
export function parseSidebarOpen(
  cookieName: string,
  defaultOpen: boolean,
  cookieString: string,
): boolean {
  const value = readCookie(cookieName, cookieString);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return defaultOpen;
}

export function sidebarCookie(cookieName: string, open: boolean): string {
  return serializeCookie(cookieName, String(open), { maxAgeSeconds: SIDEBAR_COOKIE_MAX_AGE });
}

/** True when the key event is the sidebar shortcut: Ctrl+B, or Cmd+B on a Mac. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/**
 * True when `target` takes typed text (an input, textarea, select or contenteditable, e.g. the rich-text
 * editor): there Ctrl/Cmd+B belongs to the field (bold, the browser), not to the sidebar.
 */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const editable = target.closest('input, textarea, select, [contenteditable]');
  if (editable === null) return false;
  return editable.getAttribute('contenteditable') !== 'false';
}
