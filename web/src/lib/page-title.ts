/**
 * A page's own title for the browser tab, when its route's fixed title says too little ("The Sunken Keep ·
 * Questline" rather than "Series · Questline"): the page names it once its data is there, the shell shows it
 * instead of the route's, and it goes with the page.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: string | undefined;
const listeners = new Set<() => void>();

function set(title: string | undefined) {
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Names the tab after `title` (nothing while it is undefined) for as long as the calling page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    const page = title?.trim();
    if (!page) return;
    set(page);
    return () => {
      if (current === page) set(undefined);
    };
  }, [title]);
}

/** The title the shown page gave itself, if any (for the shell). */
export function usePageTitleOverride(): string | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
