/**
 * `/dashboard/player/my-sessions/:id`: the player's session — its facts, the countdown or the running timer,
 * their own participation with the moves allowed now, the other participants and seats, their payment, the
 * schedule and the recent activity.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  canCheckout,
  canRequestRefund,
  CheckoutDialog,
  checkoutSeat,
  receiptHref,
  RequestRefundDialog,
} from '@/features/commerce';
import { Page, PageHeader } from '@/components/page';
import { preloadUnlessNotFound } from '@/lib/gm-loader';
import { feedbackMayApply, SessionFeedback } from '@/features/reviews';
import { requireSignedIn } from '@/lib/auth/guards';
import { useFormat } from '@/lib/i18n';

import {
  playerSessionQueryOptions,
  usePlayerSession,
  useSessionRefunds,
  type PlayerSession,
} from '../api/sessions';
import { PlayerMoveDialog, type PlayerMove } from '../components/session-dialogs';
import {
  Fact,
  HistoryList,
  ParticipantStatusBadge,
  ScheduleFacts,
  Section,
  SessionHeaderAction,
  SessionGate,
  SessionStatusBadge,
  ZoneNote,
} from '../components/session-parts';
import { SessionTimer } from '../components/session-timer';
import { playerButtons } from '../lib/actions';
import { newestFirst } from '../lib/history';
import { sessionHrefs } from '@/lib/paths';
import { isSessionId } from '../lib/session-id';
import { hasEnded, seatsText } from '../lib/labels';

/** How many history rows "Recent activity" shows before "Show all". */
const recentCount = 10;

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    const id = params.id ?? '';
    if (isSessionId(id)) await preloadUnlessNotFound(queryClient, playerSessionQueryOptions(id));
    return null;
  };
}

export default function PlayerSessionRoute() {
  const { id = '' } = useParams();
  const valid = isSessionId(id);
  return (
    <SessionGate
      query={usePlayerSession(id, valid)}
      listHref={sessionHrefs.playerSessions()}
      malformed={!valid}
    >
      {(session) => <PlayerSessionView session={session} />}
    </SessionGate>
  );
}

function PlayerSessionView({ session }: { session: PlayerSession }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [move, setMove] = useState<PlayerMove>();
  const [showAll, setShowAll] = useState(false);
  const [paymentDialog, setPaymentDialog] = useState<'checkout' | 'refund'>();
  const payment = session.payment;
  const refunds = useSessionRefunds(session.id);
  const refund = payment ? refunds.get(payment.id) : undefined;
  const seat = checkoutSeat(session);
  const moves = playerButtons(session.me.allowed_actions);
  const pricing = session.series.pricing;
  const free = !pricing || pricing.model === 'free';
  const events = newestFirst(session.events, showAll ? undefined : recentCount);
  return (
    <Page>
      <PageHeader
        before={
          <Link
            to={sessionHrefs.playerSessions()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('sessions.detail.back')}
          </Link>
        }
        title={session.series.title}
        action={<SessionHeaderAction id={session.id} status={session.status} />}
      />
      <SessionTimer session={session} />
      <Section id="session-info" title={t('sessions.detail.info')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t('sessions.detail.status')}>
            <SessionStatusBadge status={session.status} />
          </Fact>
          <Fact label={t('sessions.detail.series')}>
            <Link
              to={`/questboard/${encodeURIComponent(session.series.handle)}`}
              className="underline underline-offset-4"
            >
              {session.series.title}
            </Link>
          </Fact>
          <Fact label={t('sessions.detail.gameMaster')}>{session.game_master_display_name}</Fact>
        </dl>
        <ZoneNote seriesZone={session.series.time_zone} />
      </Section>
      <Section
        id="session-participation"
        testId="own-participation"
        title={t('sessions.detail.yourParticipation')}
      >
        <div className="flex flex-wrap items-center gap-3">
          <ParticipantStatusBadge
            status={session.me.status}
            viewer="player"
            testId="participant-status"
          />
          {session.me.message && (
            <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
              {t('sessions.detail.yourMessage', { message: session.me.message })}
            </p>
          )}
        </div>
        {moves.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.detail.noMoves')}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {moves.map((action) => (
              <Button
                key={action}
                type="button"
                variant={action === 'reject' || action === 'leave' ? 'outline' : 'default'}
                onClick={() => {
                  setMove(action);
                }}
              >
                {t(`sessions.actions.${action}`)}
              </Button>
            ))}
          </div>
        )}
      </Section>
      {feedbackMayApply(session.status) && (
        <SessionFeedback sessionId={session.id} gameMasterName={session.game_master_display_name} />
      )}
      <Section id="session-others" title={t('sessions.detail.otherParticipants')}>
        {!hasEnded(session.status) && (
          <p className="text-sm" data-testid="session-seats">
            {seatsText(t, session.seats)}
          </p>
        )}
        {session.participants.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.detail.noOthers')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {session.participants.map((participant) => (
              <li key={participant.player_id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{participant.display_name}</span>
                <ParticipantStatusBadge status={participant.status} viewer="gm" />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="session-payment" title={t('sessions.detail.payment')}>
        {free ? (
          <p className="text-sm">{t('sessions.detail.freeSession')}</p>
        ) : payment ? (
          <>
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="my-payment">
              <Fact label={t('sessions.detail.amount')}>
                {format.currency(payment.amount, payment.currency_code)}
              </Fact>
              <Fact label={t('sessions.detail.paymentStatus')}>
                <span data-testid="my-payment-status">
                  {t(`sessions.paymentStatus.${payment.status}`)}
                </span>
              </Fact>
              {refund && (
                <Fact label={t('checkout.session.refund')}>
                  <span data-testid="my-refund-status">
                    {t(`checkout.refunds.status.${refund.status}`)}
                  </span>
                </Fact>
              )}
            </dl>
            <div className="flex flex-wrap gap-2">
              {canCheckout(session) && (
                <Button
                  type="button"
                  onClick={() => {
                    setPaymentDialog('checkout');
                  }}
                >
                  {t('checkout.session.checkout')}
                </Button>
              )}
              {canRequestRefund(session, refund !== undefined) && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setPaymentDialog('refund');
                  }}
                >
                  {t('checkout.session.requestRefund')}
                </Button>
              )}
              {payment.order_id && (
                <Link
                  to={receiptHref(payment.order_id)}
                  className="self-center text-sm underline underline-offset-4"
                >
                  {t('checkout.session.receipt')}
                </Link>
              )}
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('sessions.detail.noPaymentYet')}</p>
        )}
      </Section>
      <Section id="session-schedule" title={t('sessions.detail.schedule')}>
        <ScheduleFacts session={session} />
      </Section>
      <Section
        id="session-activity"
        testId="session-history"
        title={t('sessions.detail.recentActivity')}
        action={
          session.events.length > recentCount ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={showAll}
              onClick={() => {
                setShowAll((value) => !value);
              }}
            >
              {showAll ? t('sessions.detail.showRecent') : t('sessions.detail.showAll')}
            </Button>
          ) : undefined
        }
      >
        <HistoryList
          events={events}
          participants={[
            ...session.participants,
            { player_id: session.game_master_id, display_name: session.game_master_display_name },
          ]}
        />
      </Section>
      {paymentDialog === 'checkout' && seat && (
        <CheckoutDialog
          open
          onOpenChange={(open) => {
            if (!open) setPaymentDialog(undefined);
          }}
          seat={seat}
        />
      )}
      {paymentDialog === 'refund' && payment && (
        <RequestRefundDialog
          open
          onOpenChange={(open) => {
            if (!open) setPaymentDialog(undefined);
          }}
          paymentId={payment.id}
        />
      )}
      {move && (
        <PlayerMoveDialog
          open
          onOpenChange={(open) => {
            if (!open) setMove(undefined);
          }}
          session={session}
          move={move}
        />
      )}
    </Page>
  );
}
