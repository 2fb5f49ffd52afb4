/** The commerce feature's palette commands. */
import { Globe } from 'lucide-react';

import type { Command } from '@/lib/commands/types';

import { ChangeRegionDialog } from './components/change-region-dialog';

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
