/**
 * The command palette (spec §2): Ctrl/Cmd+K opens it; it offers the registry's commands whose requirements
 * hold, grouped and ranked by the rules in `@/lib/commands/filter`. cmdk handles the keyboard (arrows, Home,
 * End, Enter); the filtering is ours, so the spec's rules decide what is shown and in which order.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { availableCommands, groupCommands, matchesQuery } from '@/lib/commands/filter';
import { isPaletteShortcut } from '@/lib/commands/shortcut';
import type { Command as PaletteCommand } from '@/lib/commands/types';

import { PaletteContext, type PaletteControls } from './palette-context';
import { commandRegistry } from './registry';
import { useCommandContext } from './use-command-context';

export function CommandPaletteProvider({
  children,
  commands = commandRegistry,
}: {
  children: ReactNode;
  commands?: readonly PaletteCommand[];
}) {
  const [open, setOpen] = useState(false);
  const [activeDialogId, setActiveDialogId] = useState<string | null>(null);
  const context = useCommandContext();
  const navigate = useNavigate();
  const launchedDialog = useRef(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const controls = useMemo<PaletteControls>(
    () => ({
      openPalette: () => {
        setOpen(true);
      },
    }),
    [],
  );

  const run = useCallback(
    (command: PaletteCommand) => {
      setOpen(false);
      if (command.dialog) {
        launchedDialog.current = true;
        setActiveDialogId(command.id);
      } else {
        command.perform(context, { navigate: (to) => void navigate(to) });
      }
    },
    [context, navigate],
  );

  // The dialog stays only while its command is still offered (e.g. not after signing out).
  const offered = availableCommands(commands, context);
  const active = offered.find((command) => command.id === activeDialogId);
  const ActiveDialog = active?.dialog;

  return (
    <PaletteContext value={controls}>
      {children}
      <PaletteDialog
        open={open}
        onOpenChange={setOpen}
        commands={offered}
        onRun={run}
        onCloseAutoFocus={(event) => {
          // Focus belongs to the dialog the command opened, not back on the page.
          if (launchedDialog.current) event.preventDefault();
          launchedDialog.current = false;
        }}
      />
      {ActiveDialog && (
        <ActiveDialog
          open
          onOpenChange={(next) => {
            if (!next) setActiveDialogId(null);
          }}
          context={context}
        />
      )}
    </PaletteContext>
  );
}

function PaletteDialog({
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
        <DialogTitle className="sr-only">{t('commands.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('commands.description')}</DialogDescription>
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
      [t(command.labelKey), t(`commands.sections.${command.section}`), ...(command.keywords ?? [])],
      query,
    ),
  );
  const groups = groupCommands(found, context, { query });

  return (
    <Command shouldFilter={false} loop vimBindings={false} label={t('commands.title')}>
      <CommandInput
        value={query}
        onValueChange={setQuery}
        placeholder={t('commands.search')}
        aria-label={t('commands.search')}
      />
      <CommandList>
        <CommandEmpty>{t('commands.empty')}</CommandEmpty>
        {groups.map((group) => (
          <CommandGroup
            key={group.id}
            heading={t(
              group.id === 'contextual'
                ? query.trim() === ''
                  ? 'commands.sections.suggestions'
                  : 'commands.sections.contextual'
                : `commands.sections.${group.id}`,
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
