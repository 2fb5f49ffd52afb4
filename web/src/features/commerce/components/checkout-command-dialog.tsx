/** The palette's "Checkout session" (spec §2): the checkout dialog for the player's session in view. */
import type { CommandDialogProps } from '@/lib/commands/types';

import { checkoutSeat } from '../lib/seat';
import { CheckoutDialog } from './checkout-dialog';

export function CheckoutCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const session = context.data.player_session;
  const seat = session ? checkoutSeat(session) : undefined;
  if (!seat) return null;
  return <CheckoutDialog open={open} onOpenChange={onOpenChange} seat={seat} />;
}
