import { describe, expect, it } from 'vitest';

import type { components } from '@/lib/api/schema';
import { canCheckout } from './seat';

type PlayerSession = components['schemas']['PlayerSession'];

function session(
  status: PlayerSession['status'],
  mayPay: boolean,
  payment: 'created' | 'pending' | 'completed' | null,
): PlayerSession {
  return {
    id: 's',
    status,
    may_pay: mayPay,
    payment: payment === null ? null : { id: 'p', status: payment, variant_id: 'variant_p' },
  } as unknown as PlayerSession;
}

describe('canCheckout', () => {
  it('follows the server: a ready session may still have seats to pay (issue 31)', () => {
    expect(canCheckout(session('ready_to_start', true, 'created'))).toBe(true);
    expect(canCheckout(session('waiting_for_payment', true, 'pending'))).toBe(true);
  });

  it('offers no checkout when the server says the seat may not be paid now', () => {
    expect(canCheckout(session('waiting_for_players', false, 'created'))).toBe(false);
    expect(canCheckout(session('waiting_for_payment', false, 'completed'))).toBe(false);
    expect(canCheckout(session('waiting_for_payment', false, null))).toBe(false);
  });
});
