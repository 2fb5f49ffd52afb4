import { describe, expect, it } from 'vitest';

import type { components } from '@/lib/api/schema';
import { availableCommands } from '@/lib/commands/filter';
import type { CommandContext, CommandData } from '@/lib/commands/types';

import type { SeriesApplication } from './api/get-application';
import { applicationCommands } from './commands';
import type { ApplicationStatus } from './lib/filters';

type Series = components['schemas']['Series'];

const playerId = '0195f0c4-0000-7000-8000-000000000002';
const gmId = '0195f0c4-0000-7000-8000-000000000001';

const series = { id: '0195f0c4-0000-7000-8000-0000000000aa', game_master_id: gmId } as Series;

function application(status: ApplicationStatus): SeriesApplication {
  return { id: 'a1', status, player_id: playerId, game_master_id: gmId } as SeriesApplication;
}

function offered(pathname: string, roles: ('player' | 'gm')[], data: CommandData): string[] {
  const context: CommandContext = {
    authenticated: true,
    user: { id: roles.includes('gm') ? gmId : playerId, name: 'Someone', roles },
    pathname,
    data,
  };
  return availableCommands(applicationCommands, context).map((command) => command.id);
}

describe('the applications palette commands', () => {
  it('offers Apply only on a Questboard series page, to a player without an application', () => {
    expect(offered('/questboard/lighthouse', ['player'], { series })).toEqual([
      'applications.apply',
    ]);
    expect(offered('/questboard/lighthouse', ['player'], {})).toEqual([]);
    expect(offered('/dashboard/player/my-games', ['player'], { series })).toEqual([]);
    expect(
      offered('/questboard/lighthouse', ['player'], {
        series,
        series_application: application('pending'),
      }),
    ).toEqual(['applications.cancel']);
  });

  it('never offers Apply to the game master of the series', () => {
    expect(offered('/questboard/lighthouse', ['player', 'gm'], { series })).toEqual([]);
  });

  it('offers Cancel or Reopen by the status of the player’s application in view', () => {
    const onList = '/dashboard/player/my-games/applications';
    expect(offered(onList, ['player'], { series_application: application('accepted') })).toEqual([
      'applications.cancel',
    ]);
    expect(offered(onList, ['player'], { series_application: application('rejected') })).toEqual([
      'applications.reopen',
    ]);
    expect(
      offered('/questboard/lighthouse', ['player'], {
        series,
        series_application: application('cancelled'),
      }),
    ).toEqual(['applications.reopen']);
  });

  it('offers Accept and Reject to a GM only for a selected pending application on their page', () => {
    const onGmList = '/dashboard/gm/my-series/applications';
    expect(
      offered(onGmList, ['player', 'gm'], { gm_series_application: application('pending') }),
    ).toEqual(['applications.accept', 'applications.reject']);
    expect(
      offered(onGmList, ['player', 'gm'], { gm_series_application: application('accepted') }),
    ).toEqual([]);
    expect(offered(onGmList, ['player', 'gm'], {})).toEqual([]);
    expect(
      offered(onGmList, ['player'], { gm_series_application: application('pending') }),
    ).toEqual([]);
  });

  it('offers nothing to a visitor', () => {
    const context: CommandContext = {
      authenticated: false,
      user: null,
      pathname: '/questboard/lighthouse',
      data: { series },
    };
    expect(availableCommands(applicationCommands, context)).toEqual([]);
  });
});
