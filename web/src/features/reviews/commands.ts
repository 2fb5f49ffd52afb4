/**
 * The reviews' palette command (spec §4, the player's "give feedback"), section My Games, on the player's page
 * of a completed session they took part in (data scope `player_session`).
 */
import { Star } from 'lucide-react';

import { sessionPaths } from '@/lib/paths';
import type { Command } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

import { mayGiveFeedback } from './lib/took-part';

const [, , playerSessionPath] = sessionPaths;
const playerSessionRoute = [{ path: playerSessionPath, match: 'exact' }] as const;

export const reviewCommands: readonly Command[] = [
  {
    id: 'reviews.giveFeedback',
    labelKey: 'reviews.commands.giveFeedback',
    icon: Star,
    keywords: ['feedback', 'review', 'rate', 'rating', 'stars', 'session', 'game master'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: playerSessionRoute,
      data: ['player_session'],
      enabled: (context) =>
        context.data.player_session ? mayGiveFeedback(context.data.player_session) : false,
    },
    dialog: lazyDialog(() => import('./components/feedback-command-dialog')),
  },
];
