import { describe, expect, it } from 'vitest';

import { isPaletteShortcut, paletteShortcutLabel } from './shortcut';

const key = (init: Partial<KeyboardEvent>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
});

describe('palette shortcut', () => {
  it('is Ctrl+K or Cmd+K, in either case', () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, key: 'b' }))).toBe(false);
  });

  it('is written for the platform', () => {
    expect(paletteShortcutLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('⌘K');
    expect(paletteShortcutLabel('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Ctrl K');
  });
});
