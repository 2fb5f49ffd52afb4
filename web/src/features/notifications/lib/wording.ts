/**
 * A notification in the reader's words. The server stores what happened (kind + params); the web words it in the
 * active language, with dates in the reader's time zone (the schedule's clock beside them where it differs) and
 * amounts in their currency, through `Intl`. So a
 * notification reads in Polish for a Polish reader whatever language the actor used, and a language switch
 * rewords the whole list at once.
 */
import type { TFunction } from 'i18next';

import { formatCurrency, formatScheduleTime, formatWhen } from '@/lib/format';
import type { Locale } from '@/lib/i18n';

import type { Notification, NotificationParams } from '../api/types';

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return trimmed;
}

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A session's start in the reader's zone (`formatWhen`, as every screen shows a time), as the reader's language
 * writes it; where the series' schedule (`timeZone`) runs on another clock, that clock follows in brackets, named
 * ("1 Jul 2026, 18:00 (Wed 1 Jul, 19:00, Central European Summer Time)").
 */
export function formatStart(
  locale: Locale,
  startsAt: string,
  timeZone: string | null | undefined,
  readerZone: string | undefined = browserZone(),
): string | undefined {
  const date = new Date(startsAt);
  if (Number.isNaN(date.getTime())) return undefined;
  const when = formatWhen(locale, date, { style: 'medium', timeZone: readerZone });
  const schedule = formatScheduleTime(locale, date, timeZone, {
    viewerZone: readerZone ?? 'UTC',
  });
  return schedule === undefined ? when : `${when} (${schedule})`;
}

/** Integer minor units (`1250`, `"pln"`) as the reader's language writes the amount (`12,50 zł`). */
export function formatMinorUnits(
  locale: Locale,
  amount: number,
  currencyCode: string,
): string | undefined {
  if (!Number.isFinite(amount)) return undefined;
  try {
    const digits =
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currencyCode.toUpperCase(),
      }).resolvedOptions().maximumFractionDigits ?? 2;
    return formatCurrency(locale, amount / 10 ** digits, currencyCode);
  } catch {
    // Not an ISO currency this browser knows.
    return undefined;
  }
}

type Values = {
  actor: string;
  series: string;
  when?: string;
  amount?: string;
  preview?: string;
  rating?: string;
};

function valuesOf(
  params: NotificationParams,
  t: TFunction,
  locale: Locale,
  readerZone: string | undefined,
): Values {
  const when = params.starts_at
    ? formatStart(locale, params.starts_at, params.time_zone, readerZone)
    : undefined;
  const amount =
    typeof params.amount === 'number' && params.currency_code
      ? formatMinorUnits(locale, params.amount, params.currency_code)
      : undefined;
  return {
    actor: text(params.actor_name) ?? t('notifications.fallback.someone'),
    series: text(params.series_title) ?? t('notifications.fallback.series'),
    when,
    amount,
    preview: text(params.message_preview),
    rating:
      typeof params.rating === 'number'
        ? new Intl.NumberFormat(locale).format(params.rating)
        : undefined,
  };
}

/**
 * The sentence a notification shows (bell, list, toast). `readerZone` (the browser's by default) decides whether
 * a start time names its zone.
 */
export function wordNotification(
  notification: Pick<Notification, 'kind' | 'params'>,
  t: TFunction,
  locale: Locale,
  readerZone: string | undefined = browserZone(),
): string {
  const values = valuesOf(notification.params, t, locale, readerZone);
  const { actor, series, when, amount, preview, rating } = values;
  switch (notification.kind) {
    case 'application_received':
      return t('notifications.kinds.applicationReceived', { actor, series });
    case 'application_accepted':
      return t('notifications.kinds.applicationAccepted', { series });
    case 'application_rejected':
      return t('notifications.kinds.applicationRejected', { series });
    case 'session_invited':
      return when
        ? t('notifications.kinds.sessionInvitedAt', { series, when })
        : t('notifications.kinds.sessionInvited', { series });
    case 'schedule_fixed':
      return when
        ? t('notifications.kinds.scheduleFixedAt', { series, when })
        : t('notifications.kinds.scheduleFixed', { series });
    case 'schedule_changed':
      return t('notifications.kinds.scheduleChanged', { series });
    case 'preparation_started':
      return when
        ? t('notifications.kinds.preparationStartedAt', { series, when })
        : t('notifications.kinds.preparationStarted', { series });
    case 'payment_due':
      return amount
        ? t('notifications.kinds.paymentDueAmount', { series, amount })
        : t('notifications.kinds.paymentDue', { series });
    case 'session_started':
      return t('notifications.kinds.sessionStarted', { series });
    case 'session_cancelled':
      return when
        ? t('notifications.kinds.sessionCancelledAt', { series, when })
        : t('notifications.kinds.sessionCancelled', { series });
    case 'payment_receipt':
      return amount
        ? t('notifications.kinds.paymentReceiptAmount', { series, amount })
        : t('notifications.kinds.paymentReceipt', { series });
    case 'refund_issued':
      return amount
        ? t('notifications.kinds.refundIssuedAmount', { series, amount })
        : t('notifications.kinds.refundIssued', { series });
    case 'chat_message':
      return preview
        ? t('notifications.kinds.chatMessagePreview', { actor, preview })
        : t('notifications.kinds.chatMessage', { actor });
    case 'session_reminder':
      if (when && notification.params.reminder === '1h') {
        return t('notifications.kinds.sessionReminder1h', { series, when });
      }
      if (when && notification.params.reminder === '24h') {
        return t('notifications.kinds.sessionReminder24h', { series, when });
      }
      return t('notifications.kinds.sessionReminder', { series });
    case 'review_received':
      return rating
        ? t('notifications.kinds.reviewReceivedRating', { actor, series, rating })
        : t('notifications.kinds.reviewReceived', { actor, series });
    case 'payment_disputed':
      return amount
        ? t('notifications.kinds.paymentDisputedAmount', { series, amount })
        : t('notifications.kinds.paymentDisputed', { series });
    case 'dispute_won':
      return amount
        ? t('notifications.kinds.disputeWonAmount', { series, amount })
        : t('notifications.kinds.disputeWon', { series });
    case 'refund_requested':
      return amount
        ? t('notifications.kinds.refundRequestedAmount', { actor, series, amount })
        : t('notifications.kinds.refundRequested', { actor, series });
    case 'participation_rejected':
      return preview
        ? t('notifications.kinds.participationRejectedPreview', { actor, series, preview })
        : t('notifications.kinds.participationRejected', { actor, series });
    case 'participant_left':
      return preview
        ? t('notifications.kinds.participantLeftPreview', { actor, series, preview })
        : t('notifications.kinds.participantLeft', { actor, series });
    case 'participant_removed':
      return preview
        ? t('notifications.kinds.participantRemovedPreview', { series, preview })
        : t('notifications.kinds.participantRemoved', { series });
    default:
      // A kind a newer server sends that this version does not know yet.
      return t('notifications.kinds.unknown');
  }
}
