/** Ctrl+K, or Cmd+K on a Mac, opens the command palette (spec §2). */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'k'
  );
}

/** How the shortcut is written for this platform. */
export function paletteShortcutLabel(platform: string = navigator.userAgent): string {
  return /mac os|macintosh|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K';
}
