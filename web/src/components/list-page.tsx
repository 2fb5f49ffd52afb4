/**
 * A page that lists one kind of thing a page of 20 at a time (my series, parts, blueprints, my games, applications,
 * sessions): the header, "nothing here" when the list is empty, the items, and previous/next. What a page adds
 * goes above the list (filters, a hint) or after it (its dialogs, another section).
 */
import type { ComponentProps, ReactNode } from 'react';

import { ListPagination } from '@/components/list-pagination';
import { Page, PageHeader } from '@/components/page';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/utils';

export type ListPageProps<Item extends { id: string }> = {
  header: ComponentProps<typeof PageHeader>;
  /** Shown when the list has nothing at all (not merely an empty page past the end). */
  empty: ComponentProps<typeof EmptyState>;
  /** The page of items the server answered, undefined while it loads. */
  page: { items: readonly Item[]; count: number } | undefined;
  offset: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
  /** The list's test id, its accessible name, and classes added to the column's. */
  list?: { testId?: string; label?: string; className?: string };
  /** What one item shows, inside its `<li>`. */
  item: (item: Item) => ReactNode;
  itemClassName?: string;
  /** Between the header and the list. */
  above?: ReactNode;
  /** After the pagination. */
  children?: ReactNode;
};

export function ListPage<Item extends { id: string }>({
  header,
  empty,
  page,
  offset,
  pageSize,
  onOffsetChange,
  list = {},
  item,
  itemClassName,
  above,
  children,
}: ListPageProps<Item>) {
  return (
    <Page>
      <PageHeader {...header} />
      {above}
      {page?.count === 0 && <EmptyState {...empty} />}
      {page && page.items.length > 0 && (
        <ul
          className={cn('flex flex-col gap-3', list.className)}
          aria-label={list.label}
          data-testid={list.testId}
        >
          {page.items.map((entry) => (
            <li key={entry.id} className={itemClassName}>
              {item(entry)}
            </li>
          ))}
        </ul>
      )}
      {page && (
        <ListPagination
          offset={offset}
          limit={pageSize}
          count={page.count}
          onOffsetChange={onOffsetChange}
        />
      )}
      {children}
    </Page>
  );
}
