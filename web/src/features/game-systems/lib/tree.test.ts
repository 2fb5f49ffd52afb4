import { describe, expect, it } from 'vitest';

import { filterRows, formatSystemPath, treeRows, type TreeSystem } from './tree';

const systems: TreeSystem[] = [
  { id: 'dnd', name: 'Dungeons & Dragons', parent_id: null, children_ids: ['5e24', '5e14'] },
  { id: '5e24', name: '5e (2024)', parent_id: 'dnd', children_ids: [] },
  { id: '5e14', name: '5e (2014)', parent_id: 'dnd', children_ids: [] },
  { id: 'mork', name: 'Mörk Borg', parent_id: null, children_ids: [] },
  { id: 'witcher', name: 'Wiedźmin: Gra Wyobraźni', parent_id: null, children_ids: [] },
];

describe('the game-system tree', () => {
  it('lists families with their editions one level deeper', () => {
    expect(treeRows(systems).map((row) => [row.id, row.level])).toEqual([
      ['dnd', 1],
      ['5e24', 2],
      ['5e14', 2],
      ['mork', 1],
      ['witcher', 1],
    ]);
  });

  it('joins the path with arrows', () => {
    expect(formatSystemPath(systems, '5e24')).toBe('Dungeons & Dragons → 5e (2024)');
    expect(formatSystemPath(systems, 'mork')).toBe('Mörk Borg');
    expect(formatSystemPath(systems, null)).toBe('');
  });

  it('keeps the family of every match and ignores accents', () => {
    const rows = treeRows(systems);
    expect(filterRows(rows, systems, '2024').map((row) => row.id)).toEqual(['dnd', '5e24']);
    expect(filterRows(rows, systems, 'dragons 2014').map((row) => row.id)).toEqual(['dnd', '5e14']);
    expect(filterRows(rows, systems, 'mork').map((row) => row.id)).toEqual(['mork']);
    expect(filterRows(rows, systems, 'wiedzmin wyobrazni').map((row) => row.id)).toEqual([
      'witcher',
    ]);
    expect(filterRows(rows, systems, '  ')).toHaveLength(5);
    expect(filterRows(rows, systems, 'nothing like it')).toEqual([]);
  });
});
