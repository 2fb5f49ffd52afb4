import { describe, expect, it } from 'vitest';

import { availableCommands } from '@/lib/commands/filter';
import type { CommandContext, CommandData } from '@/lib/commands/types';

import { reviewCommands } from './commands';

const sessionId = '0195f0c4-0000-7000-8000-0000000000aa';
const playerPage = `/dashboard/player/my-sessions/${sessionId}`;

type PlayerSession = NonNullable<CommandData['player_session']>;

function playerSession(status: string, me: string): PlayerSession {
  return {
    id: sessionId,
    status,
    me: { status: me, allowed_actions: [] },
  } as unknown as PlayerSession;
}

function offered(pathname: string, data: CommandData): string[] {
  const context: CommandContext = {
    authenticated: true,
    user: { id: 'player', name: 'Ilse', roles: ['player'] },
    pathname,
    data,
  };
  return availableCommands(reviewCommands, context).map((command) => command.id);
}

describe('the reviews palette command', () => {
  it('offers Give feedback on the page of a completed session the player took part in', () => {
    expect(
      offered(playerPage, { player_session: playerSession('completed', 'participated_fully') }),
    ).toEqual(['reviews.giveFeedback']);
    expect(
      offered(playerPage, { player_session: playerSession('completed', 'left_early') }),
    ).toEqual(['reviews.giveFeedback']);
  });

  it('does not offer it before the end, after a cancellation, to a no-show, or elsewhere', () => {
    expect(
      offered(playerPage, { player_session: playerSession('in_progress', 'participating') }),
    ).toEqual([]);
    expect(offered(playerPage, { player_session: playerSession('completed', 'no_show') })).toEqual(
      [],
    );
    expect(offered(playerPage, {})).toEqual([]);
    expect(
      offered('/dashboard', { player_session: playerSession('completed', 'participated_fully') }),
    ).toEqual([]);
  });
});
