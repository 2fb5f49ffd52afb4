/** The accounts feature's palette commands. */
import { Crown } from 'lucide-react';
import { createElement } from 'react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';

import { LazyBecomeGameMasterDialog as BecomeGameMasterDialog } from './components/lazy-become-game-master-dialog';

function BecomeGameMasterCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  if (!context.user) return null;
  return createElement(BecomeGameMasterDialog, {
    accountId: context.user.id,
    open,
    onOpenChange,
  });
}

export const accountCommands: readonly Command[] = [
  {
    id: 'accounts.become-game-master',
    labelKey: 'palette.accounts.becomeGameMaster',
    icon: Crown,
    keywords: ['gm', 'game master', 'role', 'run games'],
    section: 'myAccount',
    // Players without the gm role and with a user id (spec §6).
    requirements: {
      authenticated: true,
      roles: ['player'],
      enabled: (context) =>
        context.user !== null && context.user.id !== '' && !context.user.roles.includes('gm'),
    },
    dialog: BecomeGameMasterCommandDialog,
  },
];
