import type { PageQuery } from './cache';

/** Notifications per page of `/notifications`. */
export const pageSize = 20;

/** `?filter=unread&page=2` as the query of that page (page numbers start at 1; nonsense means the first). */
export function pageQueryFrom(search: URLSearchParams): PageQuery & { page: number } {
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  return {
    page,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    unreadOnly: search.get('filter') === 'unread',
  };
}
