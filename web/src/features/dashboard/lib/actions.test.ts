import { describe, expect, it } from 'vitest';

import type { DashboardAction } from '../api/dashboard';
import { actionKey, actionLink } from './actions';

const series = {
  id: '0195f0c4-0000-7000-8000-0000000000aa',
  handle: 'lighthouse-watch',
  title: 'Lighthouse Watch',
  time_zone: 'Europe/Warsaw',
};
const session = {
  id: '0195f0c4-0000-7000-8000-0000000000ee',
  status: 'scheduled',
  scheduled_start_datetime: '2030-06-11T16:30:00Z',
} as const;

function action(
  kind: DashboardAction['kind'],
  extra: Partial<DashboardAction> = {},
): DashboardAction {
  return { kind, series, session, count: null, payment: null, ...extra };
}

describe('the actions waiting', () => {
  it('open the player’s session page for confirm, ready, pay and feedback', () => {
    for (const kind of ['confirm', 'ready', 'pay', 'give_feedback'] as const) {
      expect(actionLink(action(kind))).toEqual({
        href: `/dashboard/player/my-sessions/${session.id}`,
        labelKey: `dashboard.actions.${kind}`,
      });
    }
  });

  it('open the GM’s session page for fixing the schedule, preparing and starting', () => {
    for (const kind of ['fix_schedule', 'start_preparation', 'start'] as const) {
      expect(actionLink(action(kind)).href).toBe(`/dashboard/gm/my-sessions/${session.id}`);
    }
  });

  it('open the GM’s session payments for a refund request to decide', () => {
    expect(actionLink(action('decide_refund', { count: 2 }))).toEqual({
      href: `/dashboard/gm/my-sessions/${session.id}#session-payments`,
      labelKey: 'dashboard.actions.decide_refund',
    });
  });

  it('open Series Applications on the series’ pending applications', () => {
    const review = action('review_applications', { session: null, count: 3 });
    expect(actionLink(review)).toEqual({
      href: `/dashboard/gm/my-series/applications?series=${series.id}&status=pending`,
      labelKey: 'dashboard.actions.review_applications',
    });
    expect(actionKey(review)).toBe(`review_applications:${series.id}`);
    expect(actionKey(action('pay'))).toBe(`pay:${session.id}`);
  });
});
