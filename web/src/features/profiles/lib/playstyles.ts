import type { TFunction } from 'i18next';

import { isKnownPlaystyle } from './constants';

/** `grim_dark` → `Grim Dark`, as the server's `title_case` does. */
export function titleCase(value: string): string {
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toLocaleUpperCase() + part.slice(1))
    .join(' ');
}

/** A playstyle as the reader sees it: known values translated, unknown ones title-cased. */
export function playstyleLabel(value: string, t: TFunction): string {
  return isKnownPlaystyle(value) ? t(`profiles.playstyles.${value}`) : titleCase(value);
}
