// A real OpenID Connect provider for Questline's tests (the Rust integration test and the Playwright journey).
//
//   node server.mjs [port]            (or OIDC_PORT=…; default 4011; 0 picks a free port)
//
// It listens on 127.0.0.1 only, has one confidential client, and uses oidc-provider's built-in development login
// form: any login name signs in (it becomes the subject) and any password is accepted. The claims come from the
// login name (see `claimsFor`). Consent is granted automatically for the one client, as a first-party provider
// would. When it is ready it prints one line to stdout:
//
//   oidc-provider ready issuer=http://127.0.0.1:4011 port=4011
//
// Environment (all optional):
//   OIDC_CLIENT_ID       default "questline"
//   OIDC_CLIENT_SECRET   default "questline-test-secret"
//   OIDC_REDIRECT_URIS   comma-separated; `*` in the port place matches any port.
//                        default "http://127.0.0.1:*/callback,http://localhost:*/callback"
//   OIDC_EXIT_WITH_STDIN "1": exit when stdin closes (the Rust tests use it so a crashed run leaves nothing behind)
//
// Login names and their claims:
//   "alice"                    → sub alice, email alice@example.test, email_verified true, name "Alice"
//   "bob@somewhere.test"       → the login is the e-mail: sub bob@somewhere.test, email bob@somewhere.test
//   "unverified-…"             → email_verified false
//   "noemail-…"                → no email claim at all (the relying party cannot read its claims)

import Provider from 'oidc-provider';

// Whoever started us may stop reading our output; a closed pipe must not crash the provider (EPIPE).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', () => {});
}

const port = Number(process.argv[2] ?? process.env.OIDC_PORT ?? 4011);
const clientId = process.env.OIDC_CLIENT_ID ?? 'questline';
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? 'questline-test-secret';
const redirectPatterns = (process.env.OIDC_REDIRECT_URIS ?? 'http://127.0.0.1:*/callback,http://localhost:*/callback')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);

function claimsFor(login) {
  const claims = { sub: login };
  if (!login.startsWith('noemail-')) {
    claims.email = login.includes('@') ? login : `${login}@example.test`;
    claims.email_verified = !login.startsWith('unverified-');
  }
  const local = login.split('@')[0];
  claims.name = local.charAt(0).toUpperCase() + local.slice(1);
  claims.preferred_username = local;
  return claims;
}

function redirectAllowed(uri) {
  return redirectPatterns.some((pattern) => {
    const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(':*', ':\\d+');
    return new RegExp(`^${escaped}$`).test(uri);
  });
}

async function start() {
  // The port must be known before the issuer is. Bind first and keep the socket (with port 0 the system picks a
  // free one); the provider handles requests once it exists. Releasing a probed port and binding it again would
  // race with other tests picking ports at the same time.
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const chosen = server.address().port;
  const issuer = `http://127.0.0.1:${chosen}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        // A placeholder that passes metadata validation; `redirectUriAllowed` below decides.
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Put the scope's claims into the ID token as well as the userinfo answer.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => claimsFor(id),
    }),
    // Consent is implied for our one client, so the journey is login → back to the app.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        return ctx.oidc.provider.Grant.find(grantId);
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['questline-test-provider-cookie-key'] },
  });
  provider.Client.prototype.redirectUriAllowed = redirectAllowed;

  server.on('request', provider.callback());
  console.log(`oidc-provider ready issuer=${issuer} port=${chosen}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // A test run that dies without stopping us closes our stdin: go too, so no provider outlives its test.
  if (process.env.OIDC_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
