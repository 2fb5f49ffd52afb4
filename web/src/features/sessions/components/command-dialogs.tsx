/** The palette's dialogs: the same dialogs the session pages open, for the session in the context (spec §6). */
import type { CommandDialogProps } from '@/lib/commands/types';

import type { StatusAction } from '../lib/actions';
import { EditScheduleDialog, GmStatusDialog, PlayerMoveDialog } from './session-dialogs';

function GmStatusCommandDialog({
  action,
  open,
  onOpenChange,
  context,
}: CommandDialogProps & { action: StatusAction }) {
  const session = context.data.gm_session;
  return session ? (
    <GmStatusDialog open={open} onOpenChange={onOpenChange} session={session} action={action} />
  ) : null;
}

export function EditScheduleCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const session = context.data.gm_session;
  return session ? (
    <EditScheduleDialog open={open} onOpenChange={onOpenChange} session={session} />
  ) : null;
}

export function ChangeScheduleCommandDialog(props: CommandDialogProps) {
  return <GmStatusCommandDialog {...props} action="start_planning" />;
}

export function FixScheduleCommandDialog(props: CommandDialogProps) {
  return <GmStatusCommandDialog {...props} action="fix_schedule" />;
}

export function StartPreparationCommandDialog(props: CommandDialogProps) {
  return <GmStatusCommandDialog {...props} action="start_preparation" />;
}

export function StartSessionCommandDialog(props: CommandDialogProps) {
  return <GmStatusCommandDialog {...props} action="start" />;
}

export function CompleteSessionCommandDialog(props: CommandDialogProps) {
  return <GmStatusCommandDialog {...props} action="complete" />;
}

function PlayerCommandDialog({
  move,
  open,
  onOpenChange,
  context,
}: CommandDialogProps & { move: 'confirm' | 'ready' }) {
  const session = context.data.player_session;
  return session ? (
    <PlayerMoveDialog open={open} onOpenChange={onOpenChange} session={session} move={move} />
  ) : null;
}

export function ConfirmParticipationCommandDialog(props: CommandDialogProps) {
  return <PlayerCommandDialog {...props} move="confirm" />;
}

export function ReadyCommandDialog(props: CommandDialogProps) {
  return <PlayerCommandDialog {...props} move="ready" />;
}
