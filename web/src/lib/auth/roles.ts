import type { Role } from '@/lib/auth/current-user';

/** The role a compact place (the sidebar) shows: the most capable one. */
export function primaryRole(roles: readonly Role[]): Role {
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('gm')) return 'gm';
  return 'player';
}

export function isGameMaster(roles: readonly Role[]): boolean {
  return roles.includes('gm');
}

/** Up to two letters for an avatar: "Ada Lovelace" → "AL", "gandalf" → "G". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1))
    .map((word) => {
      const first = word?.codePointAt(0);
      return first === undefined ? '' : String.fromCodePoint(first);
    })
    .join('');
  return letters.toLocaleUpperCase() || '?';
}
