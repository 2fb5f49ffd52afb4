/**
 * The applications feature's palette commands (spec §2, §6). Apply: role player, only under /questboard/ with a
 * series in the context, while the player has no application to it. Cancel and reopen: role player, section
 * My Games, with the player's own application in the context (on the series' page, or selected in the list).
 * Accept and reject: role gm, section Listings Management, with an application to the GM's series selected
 * (data scope `gm_series_application`). Each is offered only when the application's status allows it.
 */
import { Check, LogIn, RotateCcw, Undo2, X } from 'lucide-react';
import type { ComponentType } from 'react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

import { applicationPaths } from '@/lib/paths';
import { canApply, gmMoves, playerMoves } from './lib/moves';

type DialogName =
  | 'ApplyCommandDialog'
  | 'CancelCommandDialog'
  | 'ReopenCommandDialog'
  | 'AcceptCommandDialog'
  | 'RejectCommandDialog';

function applicationDialog(name: DialogName) {
  return lazyDialog<CommandDialogProps>(() =>
    import('./components/application-dialogs').then(
      (module): { default: ComponentType<CommandDialogProps> } => ({ default: module[name] }),
    ),
  );
}

const questboardChildren = { path: '/questboard', match: 'children' } as const;

const playerApplicationRoutes = [
  { path: '/questboard/:handle', match: 'exact' },
  { path: applicationPaths.myApplications.path, match: 'exact' },
] as const;

export const applicationCommands: readonly Command[] = [
  {
    id: 'applications.apply',
    labelKey: 'palette.applications.apply',
    icon: LogIn,
    keywords: ['apply', 'join', 'series', 'seat', 'application', 'player'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: [questboardChildren],
      data: ['series'],
      // Not on the player's own series (the server refuses own_series anyway).
      enabled: (context) =>
        context.data.series?.game_master_id !== context.user?.id &&
        canApply(context.data.series_application?.status),
    },
    dialog: applicationDialog('ApplyCommandDialog'),
  },
  {
    id: 'applications.cancel',
    labelKey: 'palette.applications.cancel',
    icon: Undo2,
    keywords: ['cancel', 'withdraw', 'leave', 'application', 'series'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: playerApplicationRoutes,
      data: ['series_application'],
      enabled: (context) =>
        playerMoves(context.data.series_application?.status ?? 'cancelled').includes('cancel'),
    },
    dialog: applicationDialog('CancelCommandDialog'),
  },
  {
    id: 'applications.reopen',
    labelKey: 'palette.applications.reopen',
    icon: RotateCcw,
    keywords: ['reopen', 'resubmit', 'apply again', 'application', 'series'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: playerApplicationRoutes,
      data: ['series_application'],
      enabled: (context) =>
        playerMoves(context.data.series_application?.status ?? 'pending').includes('reopen'),
    },
    dialog: applicationDialog('ReopenCommandDialog'),
  },
  {
    id: 'applications.accept',
    labelKey: 'palette.applications.accept',
    icon: Check,
    keywords: ['accept', 'approve', 'player', 'application', 'seat'],
    section: 'listingsManagement',
    requirements: {
      authenticated: true,
      roles: ['gm'],
      routes: [{ path: applicationPaths.seriesApplications.path, match: 'exact' }],
      data: ['gm_series_application'],
      enabled: (context) =>
        gmMoves(context.data.gm_series_application?.status ?? 'cancelled').includes('accept'),
    },
    dialog: applicationDialog('AcceptCommandDialog'),
  },
  {
    id: 'applications.reject',
    labelKey: 'palette.applications.reject',
    icon: X,
    keywords: ['reject', 'decline', 'player', 'application'],
    section: 'listingsManagement',
    requirements: {
      authenticated: true,
      roles: ['gm'],
      routes: [{ path: applicationPaths.seriesApplications.path, match: 'exact' }],
      data: ['gm_series_application'],
      enabled: (context) =>
        gmMoves(context.data.gm_series_application?.status ?? 'cancelled').includes('reject'),
    },
    dialog: applicationDialog('RejectCommandDialog'),
  },
];
