/** The palette and the dialog its last command opened (loaded with the palette, see `CommandPaletteProvider`). */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { availableCommands } from '@/lib/commands/filter';
import type { Command as PaletteCommand } from '@/lib/commands/types';

import { PaletteDialog } from './palette-dialog';
import { commandRegistry } from './registry';
import { useCommandContext } from './use-command-context';

export function PaletteHost({
  open,
  onOpenChange,
  commands = commandRegistry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands?: readonly PaletteCommand[] | undefined;
}) {
  const [activeDialogId, setActiveDialogId] = useState<string | null>(null);
  const context = useCommandContext();
  const navigate = useNavigate();
  const launchedDialog = useRef(false);

  const run = useCallback(
    (command: PaletteCommand) => {
      onOpenChange(false);
      if (command.dialog) {
        launchedDialog.current = true;
        setActiveDialogId(command.id);
      } else {
        command.perform(context, { navigate: (to) => void navigate(to) });
      }
    },
    [context, navigate, onOpenChange],
  );

  // The dialog stays only while its command is still offered (e.g. not after signing out).
  const offered = availableCommands(commands, context);
  const active = offered.find((command) => command.id === activeDialogId);
  const ActiveDialog = active?.dialog;

  return (
    <>
      <PaletteDialog
        open={open}
        onOpenChange={onOpenChange}
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
    </>
  );
}
