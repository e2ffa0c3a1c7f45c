// A real OpenID Connect provider for tests (the identity provider is the edge of the world): in memory, one
// client, any login accepted (its dev login form), consent granted without asking. A separate process because
// oidc-provider is an ES module the jest CommonJS loader cannot load.
// Usage: node test/support/oidc-provider.mjs <client_id> <client_secret> <redirect_uri>; prints {"issuer": ...}.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, redirectUri] = process.argv.slice(2);
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  // The dev login form's "login" is the account id; the test signs in as an email address.
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, email: id, email_verified: true, name: `SSO ${id.split('@')[0]}` }),
  }),
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  // A first-party client: consent is granted without a second page.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
