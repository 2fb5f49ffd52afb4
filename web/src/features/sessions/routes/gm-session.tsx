/**
 * `/dashboard/gm/my-sessions/:id`: the GM's session — its facts and timer, the participants (add, remove), the
 * payments, the schedule (edit), the history, and the status moves the server allows now, only those.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '@/components/ui/button';
import { GmInvitation } from '@/features/accounts';
import { preloadUnlessNotFound, requireSignedInGm } from '@/lib/gm-loader';
import { Page, PageHeader } from '@/components/page';
import { DecideRefundDialog } from '@/features/commerce';
import { PlayerNoteButton } from '@/features/reviews';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useFormat } from '@/lib/i18n';

import {
  gmSessionQueryOptions,
  playerSessionQueryOptions,
  useGmMove,
  useGmSession,
  useSessionRefunds,
  type GmSession,
  type SessionPayment,
  type SessionParticipant,
} from '../api/sessions';
import {
  AddPlayersDialog,
  EditScheduleDialog,
  GmStatusDialog,
  RemoveParticipantDialog,
} from '../components/session-dialogs';
import {
  Fact,
  HistoryList,
  ParticipantStatusBadge,
  Section,
  SessionHeaderAction,
  SessionGate,
  ScheduleFacts,
  SessionStatusBadge,
  ZoneNote,
} from '../components/session-parts';
import { useSessionTime } from '../components/use-session-time';
import { SessionTimer } from '../components/session-timer';
import {
  gmStatusButtons,
  isDestructive,
  needsConfirmation,
  type StatusAction,
} from '../lib/actions';
import { newestFirst } from '../lib/history';
import { toastFailure, toastSuccess } from '../lib/outcome';
import { sessionHrefs } from '@/lib/paths';
import { isSessionId } from '../lib/session-id';
import { hasEnded, progressText, seatsText } from '../lib/labels';

/** The series' GM page; a plain path, so this page imports nothing of the series feature. */
const seriesHref = (handle: string) => `/dashboard/gm/my-series/${encodeURIComponent(handle)}`;

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    const gm = await requireSignedInGm(queryClient, request);
    if (!isSessionId(id)) return null;
    if (!gm) {
      // A player who opens the GM's link of their own session is taken to their page of it; anyone else is
      // invited to become a GM.
      return (await isPlayersSession(queryClient, id))
        ? redirect(sessionHrefs.playerSession(id))
        : null;
    }
    await preloadUnlessNotFound(queryClient, gmSessionQueryOptions(id));
    return null;
  };
}

async function isPlayersSession(queryClient: QueryClient, id: string): Promise<boolean> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(playerSessionQueryOptions(id));
    return true;
  } catch {
    return false;
  }
}

export default function GmSessionRoute() {
  const { id = '' } = useParams();
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <GmSessionPage id={id} />;
}

function GmSessionPage({ id }: { id: string }) {
  const valid = isSessionId(id);
  return (
    <SessionGate
      query={useGmSession(id, valid)}
      listHref={sessionHrefs.gmSessions()}
      malformed={!valid}
    >
      {(session) => <GmSessionView session={session} />}
    </SessionGate>
  );
}

type OpenDialog =
  | { kind: 'status'; action: StatusAction }
  | { kind: 'add' }
  | { kind: 'schedule' }
  | { kind: 'remove'; participant: SessionParticipant };

/** Removing is offered for who still holds or waits for a seat. */
const removable = new Set(['invited', 'confirmed', 'ready']);

function GmSessionView({ session }: { session: GmSession }) {
  const { t } = useTranslation();
  const format = useFormat();
  const time = useSessionTime();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>();
  const [refundDecision, setRefundDecision] = useState<{
    payment: SessionPayment;
    decision: 'approve' | 'decline';
  }>();
  const refunds = useSessionRefunds(session.id);
  const allowed = session.allowed_actions;
  // A free session has nothing to pay: no "Not paid" beside every player.
  const paidSeries = session.series.pricing?.model === 'paid';
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(undefined);
  };
  const progress = progressText(t, (value) => format.number(value), session);
  return (
    <Page>
      <PageHeader
        before={
          <Link
            to={sessionHrefs.gmSessions()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('sessions.detail.back')}
          </Link>
        }
        title={session.series.title}
        action={<SessionHeaderAction id={session.id} status={session.status} />}
      />
      <SessionTimer session={session} />
      <StatusButtons
        session={session}
        onAsk={(action) => {
          setDialog({ kind: 'status', action });
        }}
      />
      <Section id="session-info" title={t('sessions.detail.info')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t('sessions.detail.status')}>
            <SessionStatusBadge status={session.status} />
          </Fact>
          <Fact label={t('sessions.detail.series')}>
            <Link to={seriesHref(session.series.handle)} className="underline underline-offset-4">
              {session.series.title}
            </Link>
          </Fact>
          <Fact label={t('sessions.detail.gameMaster')}>{session.game_master_display_name}</Fact>
          <Fact label={t('sessions.detail.dateTime')}>
            <time dateTime={session.schedule.scheduled_start_datetime}>
              {time(session.schedule.scheduled_start_datetime)}
            </time>
          </Fact>
          <Fact label={t('sessions.detail.duration')}>
            {t('sessions.detail.minutes', { count: session.schedule.scheduled_duration_minutes })}
          </Fact>
          {session.actual_start_datetime && (
            <Fact label={t('sessions.detail.actualStart')}>
              <time dateTime={session.actual_start_datetime}>
                {time(session.actual_start_datetime)}
              </time>
            </Fact>
          )}
        </dl>
        <ZoneNote seriesZone={session.series.time_zone} viewer="gm" />
      </Section>
      <Section
        id="session-participants"
        testId="session-participants"
        title={t('sessions.detail.participants')}
        action={
          allowed.includes('add_participants') ? (
            <Button
              type="button"
              size="sm"
              onClick={() => {
                setDialog({ kind: 'add' });
              }}
            >
              {t('sessions.actions.addPlayers')}
            </Button>
          ) : undefined
        }
      >
        {!hasEnded(session.status) && (
          <p className="text-sm text-muted-foreground">{seatsText(t, session.seats)}</p>
        )}
        {progress && (
          <p className="text-sm font-medium" data-testid="session-progress">
            {progress}
          </p>
        )}
        {session.participants.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.detail.noParticipants')}</p>
        ) : (
          <div className="sm:overflow-x-auto">
            {/* Under the small breakpoint each participant is a stacked card: no sideways scroll at 375 px. */}
            <table
              className="block w-full text-left text-sm sm:table"
              data-testid="participants-table"
            >
              <thead className="hidden text-xs text-muted-foreground sm:table-header-group">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('sessions.detail.player')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('sessions.detail.participantStatus')}
                  </th>
                  {paidSeries && (
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('sessions.detail.paidColumn')}
                    </th>
                  )}
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('sessions.detail.sessionActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {session.participants.map((participant) => (
                  <tr
                    key={participant.player_id}
                    className="flex flex-col gap-2 border-t border-border py-3 align-top sm:table-row sm:py-0"
                    data-testid="participant-row"
                  >
                    <td className="min-w-0 sm:table-cell sm:py-2 sm:pr-3">
                      <div className="font-medium">{participant.display_name}</div>
                      {participant.message && (
                        <p className="break-words whitespace-pre-line text-muted-foreground">
                          {t('sessions.detail.messageFrom', { message: participant.message })}
                        </p>
                      )}
                    </td>
                    <td className="sm:table-cell sm:py-2 sm:pr-3">
                      <ParticipantStatusBadge status={participant.status} viewer="gm" />
                    </td>
                    {paidSeries && (
                      <td className="sm:table-cell sm:py-2 sm:pr-3">
                        {participant.paid
                          ? t('sessions.detail.paid')
                          : t('sessions.detail.notPaid')}
                      </td>
                    )}
                    <td className="sm:table-cell sm:py-2">
                      <div className="flex flex-wrap gap-2 sm:justify-end">
                        <PlayerNoteButton
                          playerId={participant.player_id}
                          playerName={participant.display_name}
                        />
                        {allowed.includes('remove_participant') &&
                          removable.has(participant.status) && (
                            <Button
                              type="button"
                              variant="outline"
                              size="sm"
                              aria-label={`${t('sessions.actions.remove')}: ${participant.display_name}`}
                              onClick={() => {
                                setDialog({ kind: 'remove', participant });
                              }}
                            >
                              {t('sessions.actions.remove')}
                            </Button>
                          )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="session-payments" title={t('sessions.detail.payments')}>
        {session.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {paidSeries ? t('sessions.detail.noPayments') : t('sessions.detail.freeSession')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="session-payments">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('sessions.detail.player')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('sessions.detail.amount')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('sessions.detail.paymentStatus')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('checkout.session.refund')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {session.payments.map((payment) => {
                  const refund = refunds.get(payment.id);
                  return (
                    <tr
                      key={payment.id}
                      className="border-t border-border"
                      data-testid="session-payment-row"
                    >
                      <td className="py-2 pr-3">{payment.player_display_name}</td>
                      <td className="py-2 pr-3 tabular-nums">
                        {format.currency(payment.amount, payment.currency_code)}
                      </td>
                      <td className="py-2 pr-3" data-testid="session-payment-status">
                        {t(`sessions.paymentStatus.${payment.status}`)}
                      </td>
                      <td className="py-2">
                        {refund ? (
                          <div className="flex flex-wrap items-center gap-2">
                            <span>{t(`checkout.refunds.status.${refund.status}`)}</span>
                            {refund.status === 'requested' && (
                              <>
                                <Button
                                  type="button"
                                  size="sm"
                                  onClick={() => {
                                    setRefundDecision({ payment, decision: 'approve' });
                                  }}
                                >
                                  {t('checkout.session.approve')}
                                </Button>
                                <Button
                                  type="button"
                                  size="sm"
                                  variant="outline"
                                  onClick={() => {
                                    setRefundDecision({ payment, decision: 'decline' });
                                  }}
                                >
                                  {t('checkout.session.decline')}
                                </Button>
                              </>
                            )}
                          </div>
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section
        id="session-schedule"
        title={t('sessions.detail.schedule')}
        action={
          allowed.includes('update_schedule') ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setDialog({ kind: 'schedule' });
              }}
            >
              {t('sessions.actions.editSchedule')}
            </Button>
          ) : undefined
        }
      >
        <ScheduleFacts session={session} />
      </Section>
      <Section id="session-history" testId="session-history" title={t('sessions.detail.history')}>
        <HistoryList events={newestFirst(session.events)} participants={session.participants} />
      </Section>
      {dialog?.kind === 'status' && (
        <GmStatusDialog
          open
          onOpenChange={closeDialog}
          session={session}
          action={dialog.action}
          onDeleted={() => {
            void navigate(sessionHrefs.gmSessions());
          }}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddPlayersDialog open onOpenChange={closeDialog} session={session} />
      )}
      {dialog?.kind === 'schedule' && (
        <EditScheduleDialog open onOpenChange={closeDialog} session={session} />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveParticipantDialog
          open
          onOpenChange={closeDialog}
          session={session}
          participant={dialog.participant}
        />
      )}
      {refundDecision && (
        <DecideRefundDialog
          open
          onOpenChange={(open) => {
            if (!open) setRefundDecision(undefined);
          }}
          paymentId={refundDecision.payment.id}
          playerName={refundDecision.payment.player_display_name}
          decision={refundDecision.decision}
        />
      )}
    </Page>
  );
}

/** The status moves allowed now, in the spec's order: those that cannot be undone ask first. */
function StatusButtons({
  session,
  onAsk,
}: {
  session: GmSession;
  onAsk: (action: StatusAction) => void;
}) {
  const { t } = useTranslation();
  const buttons = gmStatusButtons(session.allowed_actions);
  if (buttons.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={t('sessions.detail.sessionActions')}
      className="flex flex-wrap gap-2"
      data-testid="session-actions"
    >
      {buttons.map((action) =>
        needsConfirmation(action) ? (
          <Button
            key={action}
            type="button"
            variant={isDestructive(action) ? 'destructive' : 'outline'}
            onClick={() => {
              onAsk(action);
            }}
          >
            {t(`sessions.actions.${action}`)}
          </Button>
        ) : (
          <DirectMove key={action} session={session} action={action} />
        ),
      )}
    </div>
  );
}

/** A move that needs no confirmation (fix schedule, start preparation, start): one click. */
function DirectMove({
  session,
  action,
}: {
  session: GmSession;
  action: 'fix_schedule' | 'start_preparation' | 'start' | StatusAction;
}) {
  const { t } = useTranslation();
  // The outcome is told from the hook, not from `mutate`'s own callbacks: the answer changes the allowed
  // actions, which can unmount this button before `mutate`'s callbacks would run (and so lose the toast).
  const move = useGmMove(action === 'delete' ? 'cancel' : action, {
    onSuccess: () => {
      toastSuccess(action);
    },
    onError: (error) => {
      toastFailure(action, error);
    },
  });
  return (
    <Button
      type="button"
      disabled={move.isPending}
      onClick={() => {
        move.mutate({ id: session.id });
      }}
    >
      {t(`sessions.actions.${action}`)}
    </Button>
  );
}
