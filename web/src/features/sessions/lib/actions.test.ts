import { describe, expect, it } from 'vitest';

import { gmStatusButtons, needsConfirmation, playerButtons } from './actions';

describe('the buttons a session page shows', () => {
  it("shows the GM only the status moves the server allows now, in the spec's order", () => {
    expect(gmStatusButtons([])).toEqual([]);
    expect(
      gmStatusButtons(['delete', 'update_schedule', 'fix_schedule', 'cancel', 'add_participants']),
    ).toEqual(['fix_schedule', 'cancel', 'delete']);
    expect(gmStatusButtons(['stop_early', 'complete'])).toEqual(['complete', 'stop_early']);
    expect(gmStatusButtons(['start_planning', 'start_preparation', 'cancel'])).toEqual([
      'start_preparation',
      'start_planning',
      'cancel',
    ]);
  });

  it('asks first for the moves that end or undo something', () => {
    expect(needsConfirmation('complete')).toBe(true);
    expect(needsConfirmation('stop_early')).toBe(true);
    expect(needsConfirmation('cancel')).toBe(true);
    expect(needsConfirmation('delete')).toBe(true);
    expect(needsConfirmation('start_planning')).toBe(true);
    expect(needsConfirmation('fix_schedule')).toBe(false);
    expect(needsConfirmation('start')).toBe(false);
  });

  it('shows the player only their own allowed moves', () => {
    expect(playerButtons([])).toEqual([]);
    expect(playerButtons(['reject', 'confirm'])).toEqual(['confirm', 'reject']);
    expect(playerButtons(['leave', 'ready'])).toEqual(['ready', 'leave']);
  });
});
