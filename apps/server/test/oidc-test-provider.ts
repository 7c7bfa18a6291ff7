/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the single sign-on tests, server and browser alike.
 * Its sign-in page asks for an e-mail (any e-mail signs in: the account is the e-mail) and consent is given at once.
 * `issuerOverride` makes it announce another issuer than the address it is served at (a misconfigured issuer).
 */
export interface TestIdentityProvider {
  issuer: string;
  /** where it is served (the issuer unless `issuerOverride`) */
  served: string;
  clientId: string;
  clientSecret: string;
  /** signs in at the provider as `email` by following its redirects, like a browser: the callback URL it lands on */
  signIn(authorizeUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

interface Options {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** the issuer announced in discovery and tokens, when it must differ from the served address */
  issuerOverride?: string;
  /** claims of an account besides sub and email */
  claims?: (email: string) => Record<string, unknown>;
}

const page = (uid: string, hint: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label>E-mail <input name="email" type="email" value="${hint.replace(/[<>"&]/g, '')}" autocomplete="off"></label>
<button type="submit">Sign in</button></form></body></html>`;

async function readForm(req: http.IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startTestIdentityProvider(opts: Options): Promise<TestIdentityProvider> {
  const clientId = opts.clientId ?? 'regcheck-test';
  const clientSecret = opts.clientSecret ?? 'test-client-secret-0123456789abcdef';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = opts.issuerOverride ?? served;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, ...(opts.claims?.(sub) ?? {}) }),
    }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    const m = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!m) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!m[2]) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(page(details.uid, String(details.params.login_hint ?? '')));
          return;
        }
        const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
        const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  /** Follows the provider's redirects with its cookies until it sends the browser back to a redirect URI. */
  async function signIn(authorizeUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) jar.set(name.trim(), value.join('='));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizeUrl);
    let res = await fetch(url, { redirect: 'manual' });
    keep(res);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
      url = new URL(location, url);
      if (opts.redirectUris.some((r) => url.href.startsWith(r))) return url;
      if (/^\/interaction\/[^/]+$/.test(url.pathname)) {
        res = await fetch(new URL(`${url.pathname}/login`, url), {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        });
      } else {
        res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      }
      keep(res);
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    served,
    clientId,
    clientSecret,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
