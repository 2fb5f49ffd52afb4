/**
 * The game-system selector of the blueprint dialogs: a searchable tree with indented levels. The search box is
 * a combobox that owns the tree (arrow keys move, Enter chooses, Escape clears the search); the choice is shown
 * as its arrow-joined path ("Dungeons & Dragons → 5e (2024)"). Families (the roots) can be chosen themselves.
 */
import { Check } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

import { useGameSystems } from '../api/list-game-systems';
import { filterRows, formatSystemPath, treeRows } from '../lib/tree';

export type GameSystemSelectorProps = {
  value: string | null;
  onChange: (id: string) => void;
  /** The search box's id, so a `<Field>` label points at it. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export function GameSystemSelector({
  value,
  onChange,
  id,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: GameSystemSelectorProps) {
  const { t } = useTranslation();
  const { data: systems = [], isPending } = useGameSystems();
  const [query, setQuery] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const treeId = useId();
  const rows = useMemo(() => treeRows(systems), [systems]);
  const visible = useMemo(() => filterRows(rows, systems, query), [rows, systems, query]);
  const active = visible.find((row) => row.id === activeId) ?? visible[0];
  const rowId = (systemId: string) => `${treeId}-${systemId}`;
  const path = formatSystemPath(systems, value);

  const move = (delta: number) => {
    if (visible.length === 0) return;
    const index = active ? visible.indexOf(active) : -1;
    const next = visible[Math.min(visible.length - 1, Math.max(0, index + delta))];
    if (next) {
      setActiveId(next.id);
      document.getElementById(rowId(next.id))?.scrollIntoView({ block: 'nearest' });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'PageDown':
        event.preventDefault();
        move(8);
        break;
      case 'PageUp':
        event.preventDefault();
        move(-8);
        break;
      case 'Enter':
        // Choosing, not submitting the dialog's form.
        event.preventDefault();
        if (active) onChange(active.id);
        break;
      case 'Escape':
        if (query !== '') {
          // Clears the search; a second Escape closes the dialog as usual.
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
        }
        break;
      default:
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p
        className={cn(
          'min-h-9 rounded-md border border-dashed border-border px-3 py-2 text-sm',
          path === '' && 'text-muted-foreground',
        )}
        data-testid="game-system-path"
        aria-live="polite"
      >
        {path === '' ? t('gameSystems.noneChosen') : path}
      </p>
      <Input
        id={id}
        role="combobox"
        aria-expanded
        aria-haspopup="tree"
        aria-controls={treeId}
        aria-autocomplete="list"
        aria-activedescendant={active ? rowId(active.id) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('gameSystems.searchPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={treeId}
        role="tree"
        aria-label={t('gameSystems.treeLabel')}
        className="max-h-56 overflow-y-auto rounded-md border border-border p-1"
      >
        {isPending && (
          <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('common.loading')}</li>
        )}
        {!isPending && visible.length === 0 && (
          <li className="px-2 py-1.5 text-sm text-muted-foreground">{t('gameSystems.noMatch')}</li>
        )}
        {visible.map((row) => {
          const selected = row.id === value;
          return (
            <li
              key={row.id}
              id={rowId(row.id)}
              role="treeitem"
              aria-level={row.level}
              aria-selected={selected}
              aria-expanded={row.hasChildren ? true : undefined}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm py-1.5 pr-2 text-sm',
                row.id === active?.id && 'bg-muted ring-1 ring-ring/50 ring-inset',
                row.level === 1 && 'font-medium',
              )}
              style={{ paddingLeft: `${0.5 + (row.level - 1) * 1.25}rem` }}
              onMouseDown={(event) => {
                // Keep the focus in the search box.
                event.preventDefault();
              }}
              onClick={() => {
                setActiveId(row.id);
                onChange(row.id);
              }}
            >
              <Check className={cn('size-4 shrink-0', !selected && 'invisible')} aria-hidden />
              <span className="truncate">{row.name}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
