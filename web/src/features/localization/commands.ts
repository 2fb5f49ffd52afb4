/** The localization feature's palette commands. */
import { Languages } from 'lucide-react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

const ChangeLanguageDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/change-language-dialog').then((module) => ({
    default: module.ChangeLanguageDialog,
  })),
);

export const localizationCommands: readonly Command[] = [
  {
    id: 'localization.change-language',
    labelKey: 'palette.localization.changeLanguage',
    icon: Languages,
    keywords: ['language', 'locale', 'english', 'polish', 'polski', 'język'],
    section: 'localization',
    // Everyone, signed in or not (spec §6).
    dialog: ChangeLanguageDialog,
  },
];
