/**
 * Where each action of the Dashboard leads and what it says (issue 19), pure: a session action opens the session
 * (the player's page for confirm, ready, pay and feedback; the GM's for fix, prepare and start, and its payments
 * for refund requests to decide), applications to
 * review open Series Applications filtered to that series' pending ones. The server decides which actions wait;
 * this only words and links them.
 */
import { applicationPaths, sessionPaths } from '@/lib/paths';

import type { DashboardAction, DashboardActionKind } from '../api/dashboard';

const [playerSessions, gmSessions] = sessionPaths;

export type ActionLink = {
  href: string;
  /** `dashboard.actions.<kind>`: the words of the action. */
  labelKey: `dashboard.actions.${DashboardActionKind}`;
};

export function playerSessionHref(id: string): string {
  return `${playerSessions}/${encodeURIComponent(id)}`;
}

export function gmSessionHref(id: string): string {
  return `${gmSessions}/${encodeURIComponent(id)}`;
}

export function actionLink(action: DashboardAction): ActionLink {
  const labelKey = `dashboard.actions.${action.kind}` as const;
  const session = action.session?.id ?? '';
  switch (action.kind) {
    case 'confirm':
    case 'ready':
    case 'pay':
    case 'give_feedback':
      return { href: playerSessionHref(session), labelKey };
    case 'fix_schedule':
    case 'start_preparation':
    case 'start':
      return { href: gmSessionHref(session), labelKey };
    case 'decide_refund':
      // The session's payments, where each request is approved or declined.
      return { href: `${gmSessionHref(session)}#session-payments`, labelKey };
    case 'review_applications':
      return {
        href: applicationPaths.seriesApplications.getHref(
          new URLSearchParams({ series: action.series.id, status: 'pending' }).toString(),
        ),
        labelKey,
      };
  }
}

/** A stable React key for an action (one per kind and session, or per series for reviews). */
export function actionKey(action: DashboardAction): string {
  return `${action.kind}:${action.session?.id ?? action.series.id}`;
}
