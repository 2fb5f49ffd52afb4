/** The commerce feature's palette commands. */
import { CreditCard, Globe } from 'lucide-react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';
import { sessionPaths } from '@/lib/paths';

import { canCheckout } from './lib/seat';

const ChangeRegionDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/change-region-dialog').then((module) => ({
    default: module.ChangeRegionDialog,
  })),
);

const CheckoutCommandDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/checkout-command-dialog').then((module) => ({
    default: module.CheckoutCommandDialog,
  })),
);

const [, , playerSessionPath] = sessionPaths;

export const commerceCommands: readonly Command[] = [
  {
    id: 'commerce.change-region',
    labelKey: 'palette.commerce.changeRegion',
    icon: Globe,
    keywords: ['region', 'currency', 'country', 'shopping', 'pln', 'eur'],
    section: 'region',
    // Everyone, signed in or not (spec §6).
    dialog: ChangeRegionDialog,
  },
  {
    // Spec §2 "checkout session": the player's session page, while the session waits for their payment.
    id: 'commerce.checkout',
    labelKey: 'palette.commerce.checkout',
    icon: CreditCard,
    keywords: ['checkout', 'pay', 'payment', 'seat', 'session', 'buy'],
    section: 'myGames',
    requirements: {
      authenticated: true,
      roles: ['player'],
      routes: [{ path: playerSessionPath, match: 'exact' }],
      data: ['player_session'],
      enabled: (context) =>
        context.data.player_session ? canCheckout(context.data.player_session) : false,
    },
    dialog: CheckoutCommandDialog,
  },
];
