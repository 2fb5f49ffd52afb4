import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { defineConfig, devices } from '@playwright/test';

// Ports can be moved (QUESTLINE_E2E_PORT, QUESTLINE_E2E_OIDC_PORT) so two checkouts can run journeys side by side.
const port = Number(process.env.QUESTLINE_E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// The test OpenID Connect provider and Questline's client registration with it.
const oidcPort = Number(process.env.QUESTLINE_E2E_OIDC_PORT ?? 4180);
process.env.QUESTLINE_E2E_OIDC_PORT = String(oidcPort);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
const oidcClientId = 'questline';
const oidcClientSecret = 'questline-test-secret';
// `make e2e` passes the test build (QUESTLINE_BIN=../target/debug/questline, which reads web/dist at run time);
// without it, the release binary, which embeds the built web app (`npm run build`, then `cargo build --release`).
const serverBinary = process.env.QUESTLINE_BIN ?? '../target/release/questline';
// Stripe's API as a local stand-in (test-support/stripe-stand-in, built beside the server by `make release`):
// every journey's server has Stripe configured against it, as a deployment with Stripe would be, so the
// checkout journeys choose their payment method explicitly. QUESTLINE_E2E_STRIPE_PORT moves it.
const stripePort = Number(process.env.QUESTLINE_E2E_STRIPE_PORT ?? 4182);
process.env.QUESTLINE_E2E_STRIPE_PORT = String(stripePort);
const stripeStandIn = `http://127.0.0.1:${stripePort}`;
const stripeStandInBinary =
  process.env.QUESTLINE_STRIPE_STAND_IN_BIN ?? join(dirname(serverBinary), 'stripe-stand-in');
// The stand-in's defaults (its main.rs): the secret key it accepts and the secret it signs webhooks with.
const stripeSecretKey = 'sk_test_questline_stand_in';
const stripeWebhookSecret = 'whsec_questline_stand_in';
// Any `pk_…` key: the stand-in takes it with an intent's client secret, as Stripe takes Stripe.js's confirm.
const stripePublishableKey = 'pk_test_questline_stand_in';
// A fresh, empty database for every run. Workers load this file again but inherit the environment, so
// the directory is made once and the tests find it (e.g. to read mails) through the same variable.
process.env.QUESTLINE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'questline-e2e-'));
const dataDir = process.env.QUESTLINE_E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  // Two files at a time (tests within a file stay in order). Journeys share one server and database, so each
  // makes its own accounts (unique e-mails and provider logins) and reads only its own mails.
  // QUESTLINE_E2E_WORKERS=1 runs them one by one (a busy machine, a debug build of the server).
  fullyParallel: false,
  workers: Number(process.env.QUESTLINE_E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers, two browsers, the server, the provider and the stand-in share two cores: a step that takes a
  // second on a quiet machine can take ten. Generous limits keep a slow run from failing; no assertion is weaker.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'en-GB',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // A real OpenID Connect provider (test-support/oidc-provider; `npm ci` there first). Questline
      // reads its discovery document at the first sign-in, not at start.
      command: `node ../test-support/oidc-provider/server.mjs ${oidcPort}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        OIDC_CLIENT_ID: oidcClientId,
        OIDC_CLIENT_SECRET: oidcClientSecret,
        OIDC_REDIRECT_URIS: `${baseURL}/callback`,
      },
    },
    {
      // Stripe's API for the server (QUESTLINE_STRIPE_API_BASE) and the journeys' stand-in for Stripe.js
      // (e2e/support/stripe.ts); it posts signed webhook events to the server, as Stripe would.
      command: `${stripeStandInBinary} ${stripePort}`,
      url: stripeStandIn,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        STRIPE_STAND_IN_SECRET_KEY: stripeSecretKey,
        STRIPE_STAND_IN_WEBHOOK_URL: `${baseURL}/api/payments/stripe/webhook`,
        STRIPE_STAND_IN_WEBHOOK_SECRET: stripeWebhookSecret,
      },
    },
    {
      command: `${serverBinary} serve`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        QUESTLINE_DATA_DIR: dataDir,
        // Links in mails point at this server, so a test can open them as they are; the provider sends
        // the browser back to `<this>/callback`.
        QUESTLINE_PUBLIC_URL: baseURL,
        QUESTLINE_LOG_FORMAT: 'text',
        // Password hashing at test strength: sign-ups and sign-ins stay fast.
        QUESTLINE_ARGON2_MEMORY_KIB: '1024',
        QUESTLINE_ARGON2_ITERATIONS: '1',
        // Every journey's browsers come from 127.0.0.1: the per-address hourly limits (sign-ups, resends, …)
        // would refuse the later journeys. The Rust tests prove the limits themselves.
        QUESTLINE_ADDRESS_LIMIT_PER_HOUR: '1000',
        // The same for carts (QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR, 30 by default).
        QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR: '1000',
        // Sessions may be prepared a day ahead, so the sessions journey never waits for a start 15 minutes away.
        QUESTLINE_PREPARATION_LEAD_MINUTES: '1440',
        // "Sign in with Test ID" (e2e/oidc.spec.ts).
        QUESTLINE_OIDC_ISSUER: oidcIssuer,
        QUESTLINE_OIDC_CLIENT_ID: oidcClientId,
        QUESTLINE_OIDC_CLIENT_SECRET: oidcClientSecret,
        QUESTLINE_OIDC_PROVIDER_NAME: 'Test ID',
        // Card payments through the Stripe stand-in (e2e/stripe-return.spec.ts).
        QUESTLINE_STRIPE_SECRET_KEY: stripeSecretKey,
        QUESTLINE_STRIPE_PUBLISHABLE_KEY: stripePublishableKey,
        QUESTLINE_STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        QUESTLINE_STRIPE_API_BASE: stripeStandIn,
        // Beside Stripe, "Test payment" is offered only when asked for: the journeys pay with both.
        QUESTLINE_SYSTEM_PAYMENTS: 'on',
      },
    },
  ],
});
