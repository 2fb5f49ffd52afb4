import { describe, expect, it } from 'vitest';

import { applicationStatuses } from './filters';
import { canApply, gmMoves, isActive, playerMoves } from './moves';

describe('what each side may do with an application', () => {
  it('lets the player cancel a pending or accepted application and reopen a cancelled or rejected one', () => {
    const table = Object.fromEntries(
      applicationStatuses.map((status) => [status, playerMoves(status)]),
    );
    expect(table).toEqual({
      pending: ['cancel'],
      accepted: ['cancel'],
      rejected: ['reopen'],
      cancelled: ['reopen'],
    });
  });

  it('lets the GM accept or reject only a pending application, and remove only an accepted player', () => {
    const table = Object.fromEntries(
      applicationStatuses.map((status) => [status, gmMoves(status)]),
    );
    expect(table).toEqual({
      pending: ['accept', 'reject'],
      accepted: ['remove'],
      rejected: [],
      cancelled: [],
    });
  });

  it('offers Apply only to a player without an application to the series', () => {
    expect(canApply(undefined)).toBe(true);
    for (const status of applicationStatuses) expect(canApply(status)).toBe(false);
  });

  it('counts pending and accepted applications as active', () => {
    expect(applicationStatuses.filter(isActive)).toEqual(['pending', 'accepted']);
  });
});
