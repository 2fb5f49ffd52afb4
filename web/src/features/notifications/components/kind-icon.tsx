import {
  AlarmClock,
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CalendarX,
  CircleCheck,
  CircleX,
  CreditCard,
  HandCoins,
  Hourglass,
  MessageSquare,
  Play,
  Receipt,
  ShieldAlert,
  ShieldCheck,
  Star,
  Undo2,
  UserMinus,
  UserPlus,
  UserX,
  type LucideIcon,
} from 'lucide-react';

import { cn } from '@/lib/utils';

import type { NotificationKind } from '../api/types';

const icons: Record<NotificationKind, LucideIcon> = {
  application_received: UserPlus,
  application_accepted: CircleCheck,
  application_rejected: CircleX,
  session_invited: CalendarPlus,
  schedule_fixed: CalendarCheck,
  schedule_changed: CalendarClock,
  preparation_started: Hourglass,
  payment_due: CreditCard,
  session_started: Play,
  session_cancelled: CalendarX,
  payment_receipt: Receipt,
  refund_issued: Undo2,
  chat_message: MessageSquare,
  session_reminder: AlarmClock,
  review_received: Star,
  payment_disputed: ShieldAlert,
  dispute_won: ShieldCheck,
  refund_requested: HandCoins,
  participation_rejected: CalendarX,
  participant_left: UserMinus,
  participant_removed: UserX,
};

/** A small picture of what happened (decoration: the sentence says it). */
export function KindIcon({ kind, className }: { kind: string; className?: string }) {
  const Icon = (icons as Partial<Record<string, LucideIcon>>)[kind] ?? Bell;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}
