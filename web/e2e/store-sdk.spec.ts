/**
 * Issue 16's promise that the store speaks Medusa's Store API: Medusa's own JS SDK (`@medusajs/js-sdk`, unchanged)
 * checks out a player's seat in a paid session against the real server — cart, address, the seat as a line item,
 * the digital shipping option, the region's built-in provider, a payment session, completion — and reads the order
 * back. The SDK runs in Node with the player's session cookie, as a storefront's server would (it only needs fetch);
 * the browser adds nothing to a test of the wire format. The people and the paid session are set up through the API;
 * at the end the player opens the SDK's order as their receipt in the web app (axe and screenshots there).
 */
import Medusa, { FetchError } from '@medusajs/js-sdk';
import { expect, test, type APIRequestContext } from '@playwright/test';

import { capture, csrf, gameMaster, person, publishedSeries } from './support/people';

type Json = Record<string, unknown>;

async function ok(response: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200) {
  const answer = await response;
  const json = (await answer.json()) as Json;
  expect(answer.status(), JSON.stringify(json)).toBe(status);
  return json;
}

/** The publishable key and sales channel the server hands its own web app. */
async function commerceConfig(request: APIRequestContext) {
  const config = (await ok(request.get('/api/config'))) as {
    commerce: { publishable_key: string };
  };
  return config.commerce;
}

test('Medusa’s JS SDK checks out a player’s seat in a paid session', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);

  // A GM's active paid series (25.00 PLN) with one accepted player, and a session waiting for that player's money.
  const gm = await gameMaster(browser, 'Odile');
  const series = await publishedSeries(gm.page.request, `Salt Road ${suffix}`, 1);
  const player = await person(browser, 'Tamsin');
  const application = await ok(
    player.page.request.post('/api/series-applications', {
      headers: csrf,
      data: { series_id: series.id },
    }),
    201,
  );
  await ok(
    gm.page.request.post(`/api/series-applications/${String(application.id)}/accept`, {
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
  // Two hours ahead: the journeys' server lets preparation start a day early.
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  start.setUTCSeconds(0, 0);
  const session = await ok(
    gm.page.request.post('/api/sessions', {
      headers: csrf,
      data: {
        series_id: series.id,
        participant_ids: [player.id],
        schedule: {
          scheduled_start_datetime: start.toISOString(),
          scheduled_duration_minutes: 120,
        },
      },
    }),
    201,
  );
  const sessionId = String(session.id);
  const act = (who: APIRequestContext, action: string) =>
    ok(who.post(`/api/sessions/${sessionId}/${action}`, { headers: csrf, data: {} }));
  await act(gm.page.request, 'fix-schedule');
  await act(player.page.request, 'confirm');
  await act(gm.page.request, 'start-preparation');
  await act(player.page.request, 'ready');
  const waiting = (await ok(player.page.request.get(`/api/my-sessions/${sessionId}`))) as {
    status: string;
    payment: { id: string; status: string; variant_id: string };
  };
  expect(waiting.status).toBe('waiting_for_payment');
  expect(waiting.payment.status).not.toBe('completed');

  // The SDK as a storefront configures it: the store under `/api`, the publishable key, cookie sessions, and the
  // headers every browser request carries (the CSRF header; here also the player's cookies, which Node's fetch
  // does not keep).
  const { publishable_key } = await commerceConfig(player.page.request);
  const cookies = (await player.context.cookies(baseURL))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
  const sdk = new Medusa({
    baseUrl: `${baseURL}/api`,
    publishableKey: publishable_key,
    auth: { type: 'session' },
    globalHeaders: { ...csrf, cookie: cookies },
  });

  const { regions } = await sdk.store.region.list();
  const poland = regions.find((region) => region.currency_code === 'pln');
  expect(poland, 'the seeded PLN region').toBeDefined();
  const regionId = poland?.id ?? '';

  let { cart } = await sdk.store.cart.create({ region_id: regionId });
  expect(cart.id).toMatch(/^cart_/);
  expect(cart.currency_code).toBe('pln');
  ({ cart } = await sdk.store.cart.update(cart.id, {
    email: 'tamsin@example.test',
    billing_address: {
      first_name: 'Tamsin',
      last_name: 'Gracz',
      address_1: 'ul. Długa 1',
      city: 'Kraków',
      postal_code: '30-001',
      country_code: 'pl',
      phone: '+48 600 100 200',
    },
  }));
  expect(cart.email).toBe('tamsin@example.test');
  expect(cart.billing_address?.city).toBe('Kraków');

  ({ cart } = await sdk.store.cart.createLineItem(cart.id, {
    variant_id: waiting.payment.variant_id,
    quantity: 1,
  }));
  expect(cart.items).toHaveLength(1);
  expect(cart.items?.[0]?.unit_price).toBe(25);
  expect(cart.total).toBe(25);

  // A seat asked for twice is refused in Medusa's error shape, which the SDK turns into a FetchError.
  const twice = await sdk.store.cart
    .createLineItem(cart.id, { variant_id: waiting.payment.variant_id, quantity: 2 })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(twice).toBeInstanceOf(FetchError);
  expect((twice as FetchError).status).toBeGreaterThanOrEqual(400);
  expect((twice as FetchError).status).toBeLessThan(500);

  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
  expect(shipping_options.length).toBeGreaterThan(0);
  ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, {
    option_id: shipping_options[0]?.id ?? '',
  }));
  expect(cart.shipping_methods).toHaveLength(1);
  expect(cart.total, 'the digital seat ships free').toBe(25);

  const { payment_providers } = await sdk.store.payment.listPaymentProviders({
    region_id: regionId,
  });
  expect(payment_providers.map((provider) => provider.id)).toContain('pp_system_default');
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, {
    provider_id: 'pp_system_default',
  });
  expect(payment_collection.payment_sessions).toHaveLength(1);
  expect(payment_collection.payment_sessions?.[0]?.status).toBe('pending');
  expect(payment_collection.amount).toBe(25);

  const completed = await sdk.store.cart.complete(cart.id);
  if (completed.type !== 'order') {
    throw new Error(`the cart did not complete: ${JSON.stringify(completed)}`);
  }
  const order = completed.order;
  expect(order.id).toMatch(/^order_/);
  expect(order.email).toBe('tamsin@example.test');
  expect(order.currency_code).toBe('pln');
  expect(order.total).toBe(25);
  expect(order.payment_status).toBe('captured');
  expect(order.items?.[0]?.metadata?.payment_id).toBe(waiting.payment.id);

  const { order: read } = await sdk.store.order.retrieve(order.id);
  expect(read.id).toBe(order.id);
  expect(read.display_id).toBe(order.display_id);
  expect(read.total).toBe(25);

  // Completing again answers the same order; the seat is paid and the session (its one player) ready to start.
  const again = await sdk.store.cart.complete(cart.id);
  expect(again.type === 'order' ? again.order.id : null).toBe(order.id);
  const paid = (await ok(player.page.request.get(`/api/my-sessions/${sessionId}`))) as {
    status: string;
    payment: { id: string; status: string };
  };
  expect(paid.payment).toMatchObject({ id: waiting.payment.id, status: 'completed' });
  expect(paid.status).toBe('ready_to_start');

  // The order the SDK made is the player's receipt in the web app, like one paid through our own dialog.
  await player.page.goto(`/checkout/success?order_id=${order.id}`);
  const receipt = player.page.getByTestId('receipt');
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-total')).toHaveText('PLN 25.00');
  await expect(
    receipt.getByText(`Receipt for order no. ${String(order.display_id)}`),
  ).toBeVisible();
  await capture(player.page, 'store-sdk-receipt');

  await Promise.all([gm.context.close(), player.context.close()]);
});
