/** The palette itself: the modal, its search box and the grouped commands (loaded on first use). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { groupCommands, matchesQuery } from '@/lib/commands/filter';
import type { Command as PaletteCommand } from '@/lib/commands/types';

import { useCommandContext } from './use-command-context';

export function PaletteDialog({
  open,
  onOpenChange,
  commands,
  onRun,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly PaletteCommand[];
  onRun: (command: PaletteCommand) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className="top-[20%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0 [&>button:last-child]:hidden"
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="command-palette"
      >
        <DialogTitle className="sr-only">{t('palette.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('palette.description')}</DialogDescription>
        {/* Mounted while open only: each opening starts with an empty search. */}
        <PaletteBody commands={commands} onRun={onRun} />
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({
  commands,
  onRun,
}: {
  commands: readonly PaletteCommand[];
  onRun: (command: PaletteCommand) => void;
}) {
  const { t } = useTranslation();
  const context = useCommandContext();
  const [query, setQuery] = useState('');
  const found = commands.filter((command) =>
    matchesQuery(
      [t(command.labelKey), t(`palette.sections.${command.section}`), ...(command.keywords ?? [])],
      query,
    ),
  );
  const groups = groupCommands(found, context, { query });

  return (
    <Command shouldFilter={false} loop vimBindings={false} label={t('palette.title')}>
      <CommandInput
        value={query}
        onValueChange={setQuery}
        placeholder={t('palette.search')}
        aria-label={t('palette.search')}
      />
      <CommandEmpty empty={groups.length === 0}>{t('palette.empty')}</CommandEmpty>
      <CommandList label={t('palette.listLabel')}>
        {groups.map((group) => (
          <CommandGroup
            key={group.id}
            heading={t(
              group.id === 'contextual'
                ? query.trim() === ''
                  ? 'palette.sections.suggestions'
                  : 'palette.sections.contextual'
                : `palette.sections.${group.id}`,
            )}
          >
            {group.commands.map((command) => (
              <CommandItem
                key={command.id}
                value={command.id}
                onSelect={() => {
                  onRun(command);
                }}
                data-command-id={command.id}
              >
                <command.icon aria-hidden />
                <span className="truncate">{t(command.labelKey)}</span>
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
      </CommandList>
    </Command>
  );
}
