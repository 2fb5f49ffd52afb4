/** The localization feature's palette commands. */
import { Languages } from 'lucide-react';

import type { Command } from '@/lib/commands/types';

import { ChangeLanguageDialog } from './components/change-language-dialog';

export const localizationCommands: readonly Command[] = [
  {
    id: 'localization.change-language',
    labelKey: 'commands.localization.changeLanguage',
    icon: Languages,
    keywords: ['language', 'locale', 'english', 'polish', 'polski', 'język'],
    section: 'localization',
    // Everyone, signed in or not (spec §6).
    dialog: ChangeLanguageDialog,
  },
];
