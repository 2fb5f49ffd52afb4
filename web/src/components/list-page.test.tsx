import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { ListPage, type ListPageProps } from './list-page';

type Thing = { id: string; name: string };

function things(count: number, from = 0): Thing[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `thing-${from + index}`,
    name: `Thing ${from + index + 1}`,
  }));
}

function renderList(overrides: Partial<ListPageProps<Thing>> = {}) {
  const onOffsetChange = vi.fn();
  renderWithProviders(
    <ListPage<Thing>
      header={{ title: 'My things', intro: 'Everything you keep.' }}
      empty={{ icon: Inbox, title: 'No things yet', description: 'Add your first.' }}
      page={{ items: things(2), count: 2 }}
      offset={0}
      pageSize={20}
      onOffsetChange={onOffsetChange}
      list={{ testId: 'thing-list', label: 'Things' }}
      item={(thing) => <span>{thing.name}</span>}
      above={<p>A hint above the list</p>}
      {...overrides}
    >
      <p>After the list</p>
    </ListPage>,
  );
  return { onOffsetChange };
}

describe('ListPage', () => {
  it('shows the header, the items in a named list, and no pagination for one page', () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'My things' })).toBeInTheDocument();
    expect(screen.getByText('Everything you keep.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Things' });
    expect(list).toHaveAttribute('data-testid', 'thing-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Thing 1', 'Thing 2']);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText('No things yet')).not.toBeInTheDocument();
    expect(screen.getByText('A hint above the list')).toBeInTheDocument();
    expect(screen.getByText('After the list')).toBeInTheDocument();
  });

  it('says there is nothing yet when the list is empty', () => {
    renderList({ page: { items: [], count: 0 } });
    expect(screen.getByRole('heading', { level: 2, name: 'No things yet' })).toBeInTheDocument();
    expect(screen.getByText('Add your first.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows neither the list nor the empty state while the page loads', () => {
    renderList({ page: undefined });
    expect(screen.getByRole('heading', { level: 1, name: 'My things' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No things yet')).not.toBeInTheDocument();
  });

  it('pages through a longer list', async () => {
    const { onOffsetChange } = renderList({
      page: { items: things(20, 20), count: 57 },
      offset: 20,
    });
    const pagination = screen.getByRole('navigation');
    expect(pagination).toHaveTextContent('21–40 of 57');
    await userEvent.click(within(pagination).getByRole('button', { name: 'Next page' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(40);
    await userEvent.click(within(pagination).getByRole('button', { name: 'Previous page' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(0);
  });
});
