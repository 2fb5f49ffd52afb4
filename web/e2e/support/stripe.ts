/**
 * Stripe.js for the journeys. The browser cannot reach js.stripe.com here, so the page gets a stand-in script at
 * Stripe's address: `Stripe(publishableKey)` with `elements({clientSecret}).create('payment').mount(…)` drawing a
 * choice of the stand-in's test cards, and `confirmPayment` doing what Stripe.js does — confirming the
 * PaymentIntent with the publishable key and the client secret — against the Stripe stand-in
 * (test-support/stripe-stand-in), then following a 3-D Secure redirect as Stripe.js would. The page's CSP lets it
 * call only api.stripe.com, so the confirm itself is made by the test (an exposed function), not by the page.
 */
import type { BrowserContext } from '@playwright/test';

/**
 * The stand-in's test cards (its lib.rs): held at once, refused, or sent to the bank's 3-D Secure page, where the
 * buyer passes or (`:fail`, the page's `?outcome=fail`) fails the check.
 */
export const standInCards = {
  'Visa (accepted)': 'pm_card_visa',
  'Visa (declined)': 'pm_card_chargeDeclined',
  'Visa (3-D Secure)': 'pm_card_threeDSecure',
  'Visa (3-D Secure, not passed)': 'pm_card_threeDSecure:fail',
} as const;

export function stripeStandInUrl(): string {
  return `http://127.0.0.1:${process.env.QUESTLINE_E2E_STRIPE_PORT ?? '4182'}`;
}

type Confirm = {
  publishableKey: string;
  clientSecret: string;
  paymentMethod: string;
  returnUrl: string;
};

// Runs in the page, as a script served from js.stripe.com (no closure over this module).
const fakeStripeJs = `(() => {
  const cards = ${JSON.stringify(standInCards)};
  function Stripe(publishableKey) {
    return {
      elements(options) {
        const state = { clientSecret: options.clientSecret, paymentMethod: 'pm_card_visa' };
        return {
          __standIn: state,
          create() {
            let root;
            return {
              mount(target) {
                root = document.createElement('fieldset');
                root.className = 'flex flex-col gap-2 rounded-md border border-border p-3 text-sm';
                const legend = document.createElement('legend');
                legend.textContent = 'Test card (Stripe stand-in)';
                root.appendChild(legend);
                for (const [label, method] of Object.entries(cards)) {
                  const row = document.createElement('label');
                  row.className = 'flex items-center gap-2';
                  const input = document.createElement('input');
                  input.type = 'radio';
                  input.name = 'stand-in-card';
                  input.value = method;
                  input.checked = method === state.paymentMethod;
                  input.addEventListener('change', () => { state.paymentMethod = method; });
                  row.append(input, label);
                  root.appendChild(row);
                }
                target.appendChild(root);
              },
              destroy() { root?.remove(); },
            };
          },
        };
      },
      async confirmPayment({ elements, confirmParams, redirect }) {
        const state = elements.__standIn;
        const [paymentMethod, outcome] = state.paymentMethod.split(':');
        const intent = await window.questlineStripeConfirm({
          publishableKey,
          clientSecret: state.clientSecret,
          paymentMethod,
          returnUrl: confirmParams.return_url,
        });
        if (intent.error) return { error: intent.error };
        const next = intent.next_action && intent.next_action.redirect_to_url;
        if (intent.status === 'requires_action' && next) {
          window.location.assign(outcome === 'fail' ? next.url + '?outcome=fail' : next.url);
          return new Promise(() => {});
        }
        if (redirect !== 'if_required') window.location.assign(confirmParams.return_url);
        return { paymentIntent: intent };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/**
 * Serves the stand-in Stripe.js in `context` and confirms its payments at the Stripe stand-in. Returns the
 * confirms made, so a test can say which card paid.
 */
export async function useStripeStandIn(context: BrowserContext): Promise<Confirm[]> {
  const confirms: Confirm[] = [];
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs }),
  );
  await context.exposeFunction('questlineStripeConfirm', async (confirm: Confirm) => {
    confirms.push(confirm);
    const intentId = confirm.clientSecret.split('_secret_')[0] ?? '';
    const answer = await context.request.post(
      `${stripeStandInUrl()}/v1/payment_intents/${intentId}/confirm`,
      {
        headers: { Authorization: `Bearer ${confirm.publishableKey}` },
        form: {
          client_secret: confirm.clientSecret,
          payment_method: confirm.paymentMethod,
          return_url: confirm.returnUrl,
        },
      },
    );
    return (await answer.json()) as unknown;
  });
  return confirms;
}
