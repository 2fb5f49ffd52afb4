import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { createTestQueryClient, renderWithProviders } from '@/test/render';

import { gameSystemsQueryOptions, type GameSystem } from '../api/list-game-systems';
import { GameSystemSelector } from './game-system-selector';

const systems: GameSystem[] = [
  { id: 'dnd', name: 'Dungeons & Dragons', parent_id: null, children_ids: ['5e24', '5e14'] },
  { id: '5e24', name: '5e (2024)', parent_id: 'dnd', children_ids: [] },
  { id: '5e14', name: '5e (2014)', parent_id: 'dnd', children_ids: [] },
  { id: 'mork', name: 'Mörk Borg', parent_id: null, children_ids: [] },
];

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <label htmlFor="system">Game system</label>
      <GameSystemSelector id="system" value={value} onChange={setValue} />
    </>
  );
}

function renderSelector(initial?: string | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(gameSystemsQueryOptions('en').queryKey, systems);
  return renderWithProviders(<Harness initial={initial} />, { queryClient });
}

describe('the game-system selector', () => {
  it('shows the tree with indented levels and the chosen path', async () => {
    renderSelector('5e14');
    const items = await screen.findAllByRole('treeitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-level')])).toEqual([
      ['Dungeons & Dragons', '1'],
      ['5e (2024)', '2'],
      ['5e (2014)', '2'],
      ['Mörk Borg', '1'],
    ]);
    expect(screen.getByTestId('game-system-path')).toHaveTextContent(
      'Dungeons & Dragons → 5e (2014)',
    );
    expect(screen.getByRole('treeitem', { name: '5e (2014)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('is operated from the keyboard: search, arrows, Enter, Escape', async () => {
    const user = userEvent.setup();
    renderSelector();
    const search = screen.getByRole('combobox', { name: 'Game system' });
    await user.type(search, '2024');
    expect(screen.getAllByRole('treeitem').map((item) => item.textContent)).toEqual([
      'Dungeons & Dragons',
      '5e (2024)',
    ]);
    expect(search).toHaveAttribute('aria-activedescendant', expect.stringContaining('dnd'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('game-system-path')).toHaveTextContent(
      'Dungeons & Dragons → 5e (2024)',
    );
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(screen.getAllByRole('treeitem')).toHaveLength(4);
    await user.type(search, 'mork{Enter}');
    expect(screen.getByTestId('game-system-path')).toHaveTextContent('Mörk Borg');
  });
});
