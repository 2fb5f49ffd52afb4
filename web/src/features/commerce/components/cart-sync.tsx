/**
 * Keeps the cart in step with the region and the account from the first page on (spec §4 "Cart"); loaded after
 * the first paint by the shell, so no page's first load carries it. Draws nothing.
 */
import { useEffect } from 'react';

import { useCart } from '../api/use-cart';

export default function CartSync() {
  const { error } = useCart();
  useEffect(() => {
    // Logged only (spec §8: checkout errors are logged); the checkout dialog says so when it needs the cart.
    if (error) console.warn('The shopping cart could not be loaded.', error);
  }, [error]);
  return null;
}
