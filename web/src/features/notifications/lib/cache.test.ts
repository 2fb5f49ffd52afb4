import { describe, expect, it } from 'vitest';

import type { Notification, NotificationPage } from '../api/types';
import { isNotification, withAllRead, withArrived, withRead, type PageQuery } from './cache';

function notification(id: string, read = false): Notification {
  return {
    id,
    kind: 'application_accepted',
    created_at: '2026-11-26T10:00:00Z',
    read_at: read ? '2026-11-26T10:05:00Z' : null,
    link: '/questboard/lighthouse-watch',
    params: { series_title: 'Lighthouse Watch' },
  };
}

function page(items: Notification[], unread: number, count = items.length): NotificationPage {
  return { items, count, offset: 0, limit: 8, unread_count: unread };
}

const bell: PageQuery = { offset: 0, limit: 8, unreadOnly: false };

describe('the bell count and its pages', () => {
  it('rises by one when a notification arrives live, and the first page shows it on top', () => {
    const before = page([notification('a', true), notification('b')], 1, 12);
    const after = withArrived(before, bell, notification('c'));
    expect(after.unread_count).toBe(2);
    expect(after.count).toBe(13);
    expect(after.items.map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });

  it('counts the same frame once', () => {
    const once = withArrived(page([], 0), bell, notification('c'));
    const twice = withArrived(once, bell, notification('c'));
    expect(twice).toBe(once);
    expect(twice.unread_count).toBe(1);
  });

  it('keeps a page to its size, and a later page only counts', () => {
    const full = page(
      Array.from({ length: 8 }, (_, index) => notification(`n${String(index)}`)),
      8,
      30,
    );
    const first = withArrived(full, bell, notification('new'));
    expect(first.items).toHaveLength(8);
    expect(first.items[0]?.id).toBe('new');
    const second = withArrived(
      full,
      { offset: 20, limit: 20, unreadOnly: false },
      notification('new'),
    );
    expect(second.items).toBe(full.items);
    expect(second.count).toBe(31);
    expect(second.unread_count).toBe(9);
  });

  it('goes down by one when an unread one is read, and not for one already read', () => {
    const before = page([notification('a'), notification('b', true)], 1);
    const read = withRead(before, notification('a', true));
    expect(read.unread_count).toBe(0);
    expect(read.items[0]?.read_at).not.toBeNull();
    expect(withRead(read, notification('a', true)).unread_count).toBe(0);
    expect(withRead(before, notification('b', true)).unread_count).toBe(1);
  });

  it('drops to zero on "Mark all as read", and the unread filter empties', () => {
    const before = page([notification('a'), notification('b')], 5, 5);
    const all = withAllRead(before, bell, '2026-11-26T11:00:00Z');
    expect(all.unread_count).toBe(0);
    expect(all.items.every((item) => item.read_at === '2026-11-26T11:00:00Z')).toBe(true);
    const unreadOnly = withAllRead(before, { ...bell, unreadOnly: true }, '2026-11-26T11:00:00Z');
    expect(unreadOnly).toMatchObject({ items: [], count: 0, unread_count: 0 });
  });

  it('takes only a well-formed notification from a frame', () => {
    expect(isNotification(notification('a'))).toBe(true);
    expect(isNotification({ id: 'a' })).toBe(false);
    expect(isNotification(null)).toBe(false);
    expect(isNotification({ ...notification('a'), params: null })).toBe(false);
  });
});
