/**
 * The sessions feature's palette commands (spec §2, §6). The GM's, section Session Management: create session
 * (anywhere; from a series' page that series is chosen), and on their session's page the schedule edit and the
 * status moves — each only while the session's `allowed_actions` hold it (data scope `gm_session`). The
 * player's, section My Games, on their session's page: confirm participation and ready for participation, while
 * `me.allowed_actions` hold them (data scope `player_session`).
 */
import {
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  Check,
  Flag,
  Hourglass,
  Play,
  RotateCcw,
  ThumbsUp,
} from 'lucide-react';
import type { ComponentType } from 'react';

import type { Command, CommandContext, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

import type { SessionAction } from './api/sessions';
import { sessionPaths } from '@/lib/paths';

type DialogName =
  | 'EditScheduleCommandDialog'
  | 'ChangeScheduleCommandDialog'
  | 'FixScheduleCommandDialog'
  | 'StartPreparationCommandDialog'
  | 'StartSessionCommandDialog'
  | 'CompleteSessionCommandDialog'
  | 'ConfirmParticipationCommandDialog'
  | 'ReadyCommandDialog';

function sessionDialog(name: DialogName) {
  return lazyDialog<CommandDialogProps>(() =>
    import('./components/command-dialogs').then(
      (module): { default: ComponentType<CommandDialogProps> } => ({ default: module[name] }),
    ),
  );
}

const [, , playerSessionPath, createPath, gmSessionPath] = sessionPaths;

const gmSessionRoute = [{ path: gmSessionPath, match: 'exact' }] as const;
const playerSessionRoute = [{ path: playerSessionPath, match: 'exact' }] as const;

function gmAllows(action: SessionAction) {
  return (context: CommandContext) =>
    context.data.gm_session?.allowed_actions.includes(action) ?? false;
}

function gmCommand(
  id: string,
  labelKey: Command['labelKey'],
  icon: Command['icon'],
  action: SessionAction,
  dialog: DialogName,
  keywords: readonly string[],
): Command {
  return {
    id,
    labelKey,
    icon,
    keywords,
    section: 'sessionManagement',
    requirements: {
      authenticated: true,
      roles: ['gm'],
      routes: gmSessionRoute,
      data: ['gm_session'],
      enabled: gmAllows(action),
    },
    dialog: sessionDialog(dialog),
  };
}

export const sessionCommands: readonly Command[] = [
  {
    id: 'sessions.create',
    labelKey: 'sessions.commands.create',
    icon: CalendarPlus,
    keywords: ['create', 'new', 'session', 'game', 'schedule', 'plan'],
    section: 'sessionManagement',
    requirements: { authenticated: true, roles: ['gm'] },
    perform: (context, { navigate }) => {
      const series = context.data.gm_series;
      // Not the feature's link module (lib/hrefs.ts): the palette would share a chunk with the pages.
      navigate(
        series?.lifecycle_status === 'active'
          ? `${createPath}?${new URLSearchParams({ series: series.id }).toString()}`
          : createPath,
      );
    },
  },
  gmCommand(
    'sessions.editSchedule',
    'sessions.commands.editSchedule',
    CalendarClock,
    'update_schedule',
    'EditScheduleCommandDialog',
    ['edit', 'schedule', 'date', 'time', 'duration', 'session'],
  ),
  gmCommand(
    'sessions.changeSchedule',
    'sessions.commands.changeSchedule',
    RotateCcw,
    'start_planning',
    'ChangeScheduleCommandDialog',
    ['change', 'schedule', 'planning', 'reschedule', 'session'],
  ),
  gmCommand(
    'sessions.fixSchedule',
    'sessions.commands.fixSchedule',
    CalendarCheck,
    'fix_schedule',
    'FixScheduleCommandDialog',
    ['fix', 'schedule', 'confirm', 'date', 'session'],
  ),
  gmCommand(
    'sessions.startPreparation',
    'sessions.commands.startPreparation',
    Hourglass,
    'start_preparation',
    'StartPreparationCommandDialog',
    ['start', 'preparation', 'prepare', 'ready', 'session'],
  ),
  gmCommand(
    'sessions.start',
    'sessions.commands.start',
    Play,
    'start',
    'StartSessionCommandDialog',
    ['start', 'begin', 'play', 'session'],
  ),
  gmCommand(
    'sessions.complete',
    'sessions.commands.complete',
    Flag,
    'complete',
    'CompleteSessionCommandDialog',
    ['complete', 'finish', 'end', 'session'],
  ),
  {
    id: 'sessions.confirm',
    labelKey: 'sessions.commands.confirm',
    icon: Check,
    keywords: ['confirm', 'participation', 'accept', 'join', 'session'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: playerSessionRoute,
      data: ['player_session'],
      enabled: (context) =>
        context.data.player_session?.me.allowed_actions.includes('confirm') ?? false,
    },
    dialog: sessionDialog('ConfirmParticipationCommandDialog'),
  },
  {
    id: 'sessions.ready',
    labelKey: 'sessions.commands.ready',
    icon: ThumbsUp,
    keywords: ['ready', 'participation', 'prepared', 'session'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: playerSessionRoute,
      data: ['player_session'],
      enabled: (context) =>
        context.data.player_session?.me.allowed_actions.includes('ready') ?? false,
    },
    dialog: sessionDialog('ReadyCommandDialog'),
  },
];
