/** The commerce feature's palette commands. */
import { Globe } from 'lucide-react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

const ChangeRegionDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/change-region-dialog').then((module) => ({
    default: module.ChangeRegionDialog,
  })),
);

export const commerceCommands: readonly Command[] = [
  {
    id: 'commerce.change-region',
    labelKey: 'commands.commerce.changeRegion',
    icon: Globe,
    keywords: ['region', 'currency', 'country', 'shopping', 'pln', 'eur'],
    section: 'region',
    // Everyone, signed in or not (spec §6).
    dialog: ChangeRegionDialog,
  },
];
