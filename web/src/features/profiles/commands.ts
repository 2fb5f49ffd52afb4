/** The profile feature's palette commands (spec §2, §6). */
import { BookUser, Crown, Shapes, Sparkles, Swords, UserRound } from 'lucide-react';

import { paths } from '@/lib/paths';
import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

// The dialogs (forms, zod, the dialog primitives) load when a command first opens one.
const loadDialogs = () => import('./components/profile-dialogs');
const EditBaseInfoDialog = lazyDialog<CommandDialogProps>(() =>
  loadDialogs().then((module) => ({ default: module.EditBaseInfoDialog })),
);
const EditPlayerExperienceDialog = lazyDialog<CommandDialogProps>(() =>
  loadDialogs().then((module) => ({ default: module.EditPlayerExperienceDialog })),
);
const EditPlayerPlaystylesDialog = lazyDialog<CommandDialogProps>(() =>
  loadDialogs().then((module) => ({ default: module.EditPlayerPlaystylesDialog })),
);
const EditGmExperienceDialog = lazyDialog<CommandDialogProps>(() =>
  loadDialogs().then((module) => ({ default: module.EditGmExperienceDialog })),
);
const EditGmPlaystylesDialog = lazyDialog<CommandDialogProps>(() =>
  loadDialogs().then((module) => ({ default: module.EditGmPlaystylesDialog })),
);

const hasGmProfile: NonNullable<Command['requirements']>['enabled'] = (context) =>
  context.data.profile?.type === 'gm' && context.data.profile.gm != null;

export const profileCommands: readonly Command[] = [
  {
    id: 'profile.go-to-my-profile',
    labelKey: 'palette.profile.goToMyProfile',
    icon: UserRound,
    keywords: ['profile', 'me', 'account'],
    section: 'general',
    requirements: { authenticated: true },
    perform: (context, { navigate }) => {
      if (context.user) navigate(paths.profileById.getHref(context.user.id));
    },
  },
  {
    id: 'profile.edit-basic-info',
    labelKey: 'palette.profile.editBaseInfo',
    icon: BookUser,
    keywords: ['name', 'bio', 'birthdate', 'phone', 'address', 'language'],
    section: 'profile',
    requirements: { authenticated: true, data: ['profile'] },
    dialog: EditBaseInfoDialog,
  },
  {
    id: 'profile.edit-player-experience',
    labelKey: 'palette.profile.editPlayerExperience',
    icon: Sparkles,
    keywords: ['experience', 'level', 'years', 'player'],
    section: 'profile',
    requirements: { authenticated: true, roles: ['player'], data: ['profile'] },
    dialog: EditPlayerExperienceDialog,
  },
  {
    id: 'profile.edit-player-playstyles',
    labelKey: 'palette.profile.editPlayerPlaystyles',
    icon: Shapes,
    keywords: ['playstyles', 'style', 'player'],
    section: 'profile',
    requirements: { authenticated: true, roles: ['player'], data: ['profile'] },
    dialog: EditPlayerPlaystylesDialog,
  },
  {
    id: 'profile.edit-gm-experience',
    labelKey: 'palette.profile.editGmExperience',
    icon: Crown,
    keywords: ['experience', 'level', 'years', 'gm', 'game master'],
    section: 'profile',
    requirements: { authenticated: true, roles: ['gm'], data: ['profile'], enabled: hasGmProfile },
    dialog: EditGmExperienceDialog,
  },
  {
    id: 'profile.edit-gm-playstyles',
    labelKey: 'palette.profile.editGmPlaystyles',
    icon: Swords,
    keywords: ['playstyles', 'style', 'gm', 'game master'],
    section: 'profile',
    requirements: { authenticated: true, roles: ['gm'], data: ['profile'], enabled: hasGmProfile },
    dialog: EditGmPlaystylesDialog,
  },
];
