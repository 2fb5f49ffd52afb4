import { describe, expect, it, vi } from 'vitest';

import type { components } from '@/lib/api/schema';
import { availableCommands } from '@/lib/commands/filter';
import type { CommandContext, CommandData } from '@/lib/commands/types';

import type { GmSession, PlayerSession, SessionAction } from './api/sessions';
import { sessionCommands } from './commands';

const gmId = '0195f0c4-0000-7000-8000-000000000001';
const playerId = '0195f0c4-0000-7000-8000-000000000002';
const sessionId = '0195f0c4-0000-7000-8000-0000000000ee';
const gmPage = `/dashboard/gm/my-sessions/${sessionId}`;
const playerPage = `/dashboard/player/my-sessions/${sessionId}`;

function gmSession(allowed: SessionAction[]): GmSession {
  return { id: sessionId, allowed_actions: allowed } as unknown as GmSession;
}

function playerSession(allowed: ('confirm' | 'reject' | 'ready' | 'leave')[]): PlayerSession {
  return {
    id: sessionId,
    me: { status: 'invited', allowed_actions: allowed },
  } as unknown as PlayerSession;
}

function context(pathname: string, roles: ('player' | 'gm')[], data: CommandData): CommandContext {
  return {
    authenticated: true,
    user: { id: roles.includes('gm') ? gmId : playerId, name: 'Someone', roles },
    pathname,
    data,
  };
}

function offered(pathname: string, roles: ('player' | 'gm')[], data: CommandData): string[] {
  return availableCommands(sessionCommands, context(pathname, roles, data)).map(
    (command) => command.id,
  );
}

describe('the sessions palette commands', () => {
  it('offers Create session to game masters anywhere, and to nobody else', () => {
    expect(offered('/questboard', ['player', 'gm'], {})).toEqual(['sessions.create']);
    expect(offered('/questboard', ['player'], {})).toEqual([]);
  });

  it('goes to the create page, with the series of the page when it is active', () => {
    const create = sessionCommands.find((command) => command.id === 'sessions.create');
    const navigate = vi.fn();
    const series = {
      id: 'series-1',
      lifecycle_status: 'active',
    } as components['schemas']['Series'];
    create?.perform?.(context('/dashboard/gm/my-series/x', ['gm'], { gm_series: series }), {
      navigate,
    });
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/gm/my-sessions/create?series=series-1');
    create?.perform?.(
      context('/dashboard/gm/my-series/x', ['gm'], {
        gm_series: { ...series, lifecycle_status: 'draft' },
      }),
      { navigate },
    );
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/gm/my-sessions/create');
  });

  it("offers the GM's session commands only on their session's page, as allowed_actions say", () => {
    expect(offered(gmPage, ['gm'], { gm_session: gmSession([]) })).toEqual(['sessions.create']);
    expect(
      offered(gmPage, ['gm'], {
        gm_session: gmSession(['update_schedule', 'fix_schedule', 'cancel', 'delete']),
      }).sort(),
    ).toEqual(['sessions.create', 'sessions.editSchedule', 'sessions.fixSchedule']);
    expect(
      offered(gmPage, ['gm'], {
        gm_session: gmSession(['start_planning', 'start_preparation', 'cancel']),
      }).sort(),
    ).toEqual(['sessions.changeSchedule', 'sessions.create', 'sessions.startPreparation']);
    expect(offered(gmPage, ['gm'], { gm_session: gmSession(['start']) }).sort()).toEqual([
      'sessions.create',
      'sessions.start',
    ]);
    expect(
      offered(gmPage, ['gm'], { gm_session: gmSession(['complete', 'stop_early']) }).sort(),
    ).toEqual(['sessions.complete', 'sessions.create']);
    // Without the session in the context, or elsewhere: none of them.
    expect(offered(gmPage, ['gm'], {})).toEqual(['sessions.create']);
    expect(
      offered('/dashboard/gm/my-sessions', ['gm'], { gm_session: gmSession(['start']) }),
    ).toEqual(['sessions.create']);
  });

  it("offers the player's confirm and ready on their session's page, as me.allowed_actions say", () => {
    expect(
      offered(playerPage, ['player'], { player_session: playerSession(['confirm', 'reject']) }),
    ).toEqual(['sessions.confirm']);
    expect(
      offered(playerPage, ['player'], { player_session: playerSession(['ready', 'leave']) }),
    ).toEqual(['sessions.ready']);
    expect(offered(playerPage, ['player'], { player_session: playerSession(['leave']) })).toEqual(
      [],
    );
    expect(offered(playerPage, ['player'], {})).toEqual([]);
    expect(
      offered('/dashboard/player/my-sessions', ['player'], {
        player_session: playerSession(['confirm']),
      }),
    ).toEqual([]);
  });

  it('puts them in the spec sections', () => {
    const sections = Object.fromEntries(
      sessionCommands.map((command) => [command.id, command.section]),
    );
    expect(sections['sessions.start']).toBe('sessionManagement');
    expect(sections['sessions.create']).toBe('sessionManagement');
    expect(sections['sessions.confirm']).toBe('myGames');
    expect(sections['sessions.ready']).toBe('myGames');
  });
});
