/**
 * Issue 16's card payments in the browser: a player pays for a seat with Stripe. The journeys' server has Stripe
 * configured against the local stand-in (playwright.config.ts), and js.stripe.com is a stand-in script that
 * confirms at the stand-in what Stripe.js would confirm at Stripe (support/stripe.ts). The checkout dialog offers
 * Stripe, mounts its payment form with the payment session's client secret; a declined card is told and nothing
 * completes; a card failing 3-D Secure comes back to `/checkout/success?…&redirect_status=failed`, which says
 * nothing was charged and leads back to the session; from there a card passing 3-D Secure leaves for the bank's
 * page and comes back to `/checkout/success?payment_intent=…&redirect_status=succeeded`, which completes the cart
 * (the server reads the PaymentIntent itself) and shows the receipt. The GM sees the seat paid. axe and
 * screenshots on every screen.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';

import { capture, csrf, gameMaster, person, publishedSeries } from './support/people';
import { useStripeStandIn } from './support/stripe';

const pageLoad = { timeout: 15_000 };
const live = { timeout: 15_000 };

async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer;
}

test('a player pays with Stripe: declined, 3-D Secure not passed, then passed; /checkout/success shows each outcome', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Tide Bell ${suffix}`;

  // A GM's active paid series (25.00 PLN) with one accepted player, and a session waiting for that player's money.
  const gm = await gameMaster(browser, 'Wren');
  const series = await publishedSeries(gm.page.request, title, 1);
  const player = await person(browser, 'Ines');
  const applied = await ok(
    player.page.request.post('/api/series-applications', {
      headers: csrf,
      data: { series_id: series.id, message: 'A seat, please.' },
    }),
  );
  const applicationId = ((await applied.json()) as { id: string }).id;
  await ok(
    gm.page.request.post(`/api/series-applications/${applicationId}/accept`, {
      headers: csrf,
      data: {},
    }),
  );
  await ok(
    gm.page.request.patch(`/api/series/${series.id}`, {
      headers: csrf,
      data: {
        lifecycle_status: 'active',
        pricing: { model: 'paid', amount: '25.00', currency_code: 'pln' },
      },
    }),
  );
  const created = await ok(
    gm.page.request.post('/api/sessions', {
      headers: csrf,
      data: {
        series_id: series.id,
        participant_ids: [player.id],
        schedule: {
          scheduled_start_datetime: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
          scheduled_duration_minutes: 120,
        },
      },
    }),
  );
  const sessionId = ((await created.json()) as { id: string }).id;
  const act = (who: APIRequestContext, action: string) =>
    ok(who.post(`/api/sessions/${sessionId}/${action}`, { headers: csrf, data: {} }));
  await act(gm.page.request, 'fix-schedule');
  await act(player.page.request, 'confirm');
  await act(gm.page.request, 'start-preparation');
  await act(player.page.request, 'ready');

  // The server offers Stripe with its publishable key.
  const config = (await (await player.page.request.get('/api/config')).json()) as {
    payment: { stripe_publishable_key: string | null };
  };
  expect(config.payment.stripe_publishable_key).toMatch(/^pk_test_/);
  const confirms = await useStripeStandIn(player.context);

  // Address, then Stripe as the payment method (its id without `pp_stripe_`), next to the test payment.
  await player.page.goto(`/dashboard/player/my-sessions/${sessionId}`);
  await expect(player.page.getByTestId('session-status')).toHaveText(
    'Waiting for payment',
    pageLoad,
  );
  await player.page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = player.page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog.getByRole('radio', { name: 'Poland' })).toBeChecked(pageLoad);
  await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+48 600 100 200');
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ines');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Gracz');
  await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('ul. Morska 3');
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Gdynia');
  await dialog.getByRole('textbox', { name: 'Postal code', exact: true }).fill('81-001');
  await dialog.getByRole('button', { name: 'Continue to payment method' }).click();
  const stripe = dialog.getByRole('radio', { name: 'stripe' });
  await expect(stripe).toBeVisible(pageLoad);
  await expect(
    dialog.getByRole('radio', { name: 'Test payment (no money is taken)' }),
  ).toBeVisible();
  await stripe.check();
  await capture(player.page, 'stripe-step-method', false);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  // Stripe's payment form, mounted with the session's client secret.
  const cards = dialog.getByRole('group', { name: 'Test card (Stripe stand-in)' });
  await expect(cards).toBeVisible(pageLoad);
  await expect(dialog.getByText(/This is a test payment/)).toHaveCount(0);
  const pay = dialog.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await capture(player.page, 'stripe-step-payment', false);

  // A declined card: Stripe's refusal in the checkout's failure toast; nothing completes, the step stays.
  await cards.getByRole('radio', { name: 'Visa (declined)' }).check();
  await pay.click();
  await expect(player.page.getByText('Checkout failed')).toBeVisible(pageLoad);
  await expect(player.page.getByText('Your card was declined.')).toBeVisible();
  await expect(pay).toBeEnabled();
  await expect(dialog.getByTestId('checkout-done')).toHaveCount(0);
  await capture(player.page, 'stripe-declined', false);
  const mine = (await (await player.page.request.get(`/api/my-sessions/${sessionId}`)).json()) as {
    payment: { status: string };
  };
  expect(mine.payment.status).not.toBe('completed');

  // A card whose 3-D Secure check is not passed: back at /checkout/success, which asks the server (never the
  // redirect's word) and says nothing was charged, with the way back to the session.
  await cards.getByRole('radio', { name: 'Visa (3-D Secure, not passed)' }).check();
  await pay.click();
  await expect(player.page).toHaveURL(
    /\/checkout\/success\?payment_intent=pi_[^&]+&payment_intent_client_secret=[^&]+&redirect_status=failed$/,
    pageLoad,
  );
  const failed = player.page.getByTestId('checkout-return-failed');
  await expect(failed.getByRole('heading', { name: 'Payment not completed' })).toBeVisible(
    pageLoad,
  );
  await expect(
    failed.getByText('The payment did not go through. Nothing was charged.'),
  ).toBeVisible();
  await capture(player.page, 'stripe-return-failed');
  await failed.getByRole('link', { name: 'Back to the session' }).click();
  await expect(player.page).toHaveURL(new RegExp(`/dashboard/player/my-sessions/${sessionId}$`));
  await expect(player.page.getByTestId('session-status')).toHaveText(
    'Waiting for payment',
    pageLoad,
  );

  // Again: the address is kept in the cart; Stripe once more, and a card needing 3-D Secure that passes — off to
  // the bank's page, which sends the buyer back to /checkout/success.
  await player.page.getByRole('button', { name: 'Checkout' }).click();
  await expect(dialog.getByRole('textbox', { name: 'City', exact: true })).toHaveValue(
    'Gdynia',
    pageLoad,
  );
  await dialog.getByRole('button', { name: 'Continue to payment method' }).click();
  await dialog.getByRole('radio', { name: 'stripe' }).check(pageLoad);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await cards.getByRole('radio', { name: 'Visa (3-D Secure)' }).check(pageLoad);
  await pay.click();
  await expect(player.page).toHaveURL(
    /\/checkout\/success\?payment_intent=pi_[^&]+&payment_intent_client_secret=[^&]+&redirect_status=succeeded$/,
    pageLoad,
  );
  expect(confirms.map((confirm) => confirm.paymentMethod)).toEqual([
    'pm_card_chargeDeclined',
    'pm_card_threeDSecure',
    'pm_card_threeDSecure',
  ]);
  expect(confirms[2]?.returnUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/success$/);
  const intentId = new URL(player.page.url()).searchParams.get('payment_intent');
  const receipt = player.page.getByTestId('receipt');
  await expect(receipt).toBeVisible(pageLoad);
  await expect(receipt.getByTestId('receipt-total')).toHaveText('PLN 25.00');
  await expect(receipt.getByText(title)).toBeVisible();
  await expect(receipt.getByText(/Wren, through Questline/)).toBeVisible();
  await expect(receipt.getByText(intentId ?? 'pi_')).toBeVisible();
  const back = player.page.getByRole('link', { name: 'Back to the session' });
  await expect(back).toHaveAttribute('href', `/dashboard/player/my-sessions/${sessionId}`);
  await capture(player.page, 'stripe-return-receipt');

  // Back on the session page the seat is paid.
  await back.click();
  await expect(player.page.getByTestId('my-payment-status')).toHaveText('Completed', pageLoad);
  await expect(player.page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);

  // The GM sees the seat paid and the session ready to start.
  await gm.page.goto(`/dashboard/gm/my-sessions/${sessionId}`);
  await expect(gm.page.getByRole('heading', { level: 1, name: title })).toBeVisible(pageLoad);
  const row = gm.page
    .getByTestId('session-payments')
    .getByTestId('session-payment-row')
    .filter({ hasText: 'Ines' });
  await expect(row.getByTestId('session-payment-status')).toHaveText('Completed', live);
  await expect(gm.page.getByTestId('session-status')).toHaveText('Ready to start', live);
  await capture(gm.page, 'stripe-gm-paid');

  await Promise.all([gm.context.close(), player.context.close()]);
});
