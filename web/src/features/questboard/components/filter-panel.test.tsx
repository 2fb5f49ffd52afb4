import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { gameSystemsQueryOptions } from '@/features/game-systems';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

import { emptyFilters, type QuestboardFilters } from '../lib/filters';
import { FilterPanel } from './filter-panel';

const dnd = '0b7c9a4e-1d2f-4c3b-8a9e-5f6d7c8b9a01';
const dnd5e = '0b7c9a4e-1d2f-4c3b-8a9e-5f6d7c8b9a02';
const mork = '1c8d0b5f-2e3a-4d4c-9b0f-6a7e8d9c0b12';

const systems = [
  { id: dnd, name: 'Dungeons & Dragons', parent_id: null, children_ids: [dnd5e] },
  { id: dnd5e, name: '5e (2024)', parent_id: dnd, children_ids: [] },
  { id: mork, name: 'Mörk Borg', parent_id: null, children_ids: [] },
];

function Harness({
  changes,
  initial,
}: {
  changes: QuestboardFilters[];
  initial: QuestboardFilters;
}) {
  const [filters, setFilters] = useState(initial);
  return (
    <FilterPanel
      filters={filters}
      regionCurrency="eur"
      onChange={(next) => {
        changes.push(next);
        setFilters(next);
      }}
    />
  );
}

function renderPanel(initial: QuestboardFilters = emptyFilters) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(gameSystemsQueryOptions('en').queryKey, systems);
  const changes: QuestboardFilters[] = [];
  renderWithProviders(<Harness changes={changes} initial={initial} />, { queryClient });
  return changes;
}

describe('the Questboard filter panel', () => {
  it('applies a game system at once, families with their editions indented below', async () => {
    const user = userEvent.setup();
    const changes = renderPanel({ ...emptyFilters, page: 3 });
    const family = await screen.findByRole('checkbox', { name: 'Dungeons & Dragons' });
    expect(screen.getByRole('checkbox', { name: '5e (2024)' }).closest('li')).toHaveClass('pl-6');
    await user.click(family);
    expect(changes.at(-1)).toEqual({ ...emptyFilters, systems: [dnd] });
    expect(family).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Mörk Borg' }));
    expect(changes.at(-1)?.systems).toEqual([dnd, mork]);
    await user.click(family);
    expect(changes.at(-1)?.systems).toEqual([mork]);
  });

  it("reads the price range in the region's currency and applies it when the field is left", async () => {
    const user = userEvent.setup();
    const changes = renderPanel();
    const group = await screen.findByRole('group', { name: 'Price per session (EUR)' });
    expect(group).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '10,5');
    expect(changes).toHaveLength(0);
    await user.type(screen.getByLabelText('To'), '40');
    expect(changes.at(-1)).toMatchObject({ priceMin: '10.50', priceMax: null, currency: 'eur' });
    await user.tab();
    expect(changes.at(-1)).toMatchObject({ priceMin: '10.50', priceMax: '40.00', currency: 'eur' });
    expect(screen.getByLabelText('From')).toHaveValue('10.50');
  });

  it('searches on Enter, and chooses format, price kind and languages', async () => {
    const user = userEvent.setup();
    const changes = renderPanel();
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'dragon{Enter}');
    expect(changes.at(-1)).toEqual({ ...emptyFilters, q: 'dragon' });
    await user.click(screen.getByRole('radio', { name: 'Campaign' }));
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Polish' }));
    expect(changes.at(-1)).toEqual({
      ...emptyFilters,
      q: 'dragon',
      format: 'campaign',
      price: 'paid',
      languages: ['pl'],
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(changes.at(-1)).toEqual(emptyFilters);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
