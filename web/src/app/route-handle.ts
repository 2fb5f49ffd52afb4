import type enGB from '@/locales/en-GB.json';
import type enGBWorkspace from '@/locales/workspace/en-GB.json';

/**
 * A page's title: the shell's `pageTitles`, or the sessions, checkout and notifications pages' own, which come with their lazily loaded
 * module and its strings (the first load has no room for them, issue 11's budget).
 */
export type PageTitleKey =
  | `pageTitles.${keyof typeof enGB.pageTitles}`
  | `sessions.pageTitles.${keyof typeof enGBWorkspace.sessions.pageTitles}`
  | `checkout.pageTitles.${keyof typeof enGBWorkspace.checkout.pageTitles}`
  | `notifications.pageTitles.${keyof typeof enGBWorkspace.notifications.pageTitles}`;

/** What a route tells the shell about itself (through React Router's `handle`). */
export type RouteHandle = {
  titleKey?: PageTitleKey;
};

export const productName = 'Questline';

/** "Home · Questline" on a page, the product name alone otherwise. */
export function formatDocumentTitle(pageTitle?: string): string {
  const page = pageTitle?.trim();
  return page ? `${page} · ${productName}` : productName;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}

/** The title key of the deepest matched route that has one. */
export function titleKeyFromMatches(
  matches: readonly { handle: unknown }[],
): PageTitleKey | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.titleKey !== undefined) return handle.titleKey;
  }
  return undefined;
}
