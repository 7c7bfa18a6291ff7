import type { SsoConfigBody } from '@regcheck/shared';
import type { z } from 'zod';
import type { SsoProviderRow } from '../../db/tables/sso.tables';
import { withSystem } from '../../db/tenant';
import { type AuditActor, audit } from '../../lib/audit';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError, errorsOf } from '../../lib/errors';
import { urlProblem } from '../../lib/outbound-http';
import { seal, sealingKey, unseal } from '../../lib/sealed';
import type { AppDeps, Caller } from '../../plugins/context';
import { type ClientInfo, findUserForSignIn, signInVerifiedUser } from '../auth';
import { findCompany } from '../companies';
import { authorizationRequest, exchangeCode, providerConfiguration } from './sso.oidc';
import * as repo from './sso.repo';

/*
 * Single sign-on with OpenID Connect per company (issue 13, decision 60): the super administrator's configuration,
 * the login page's question "does this e-mail's domain have a provider?", and the authorization-code flow with PKCE,
 * state and nonce, whose end (POST /users/login-sso) signs in an existing user matched by e-mail, never a new one.
 */

const STATE_MINUTES = 10;

/** An SSO error with its message in the companyConfig catalog. */
export const ssoError = errorsOf<
  | 'SSO_STATE_INVALID'
  | 'SSO_TOKEN_INVALID'
  | 'SSO_EMAIL_MISSING'
  | 'SSO_DOMAIN_NOT_ALLOWED'
  | 'SSO_USER_NOT_FOUND'
  | 'SSO_ISSUER_INVALID'
  | 'SSO_DOMAIN_INVALID'
  | 'SSO_DOMAIN_DUPLICATE'
  | 'SSO_DOMAIN_TAKEN'
  | 'SSO_SECRET_REQUIRED'
  | 'SSO_ISSUER_REQUIRED'
  | 'SSO_CLIENT_ID_REQUIRED'
>('companyConfig');

function secretKey(deps: AppDeps) {
  return sealingKey('regcheck.sso', deps.config.providers.secretKey ?? deps.jwtSecret);
}

/** Where the provider sends the browser back: the login page's single sign-on route. */
export function redirectUriOf(deps: AppDeps) {
  return `${deps.config.publicUrl}/login/config-msal`;
}

function clientSettings(deps: AppDeps, p: SsoProviderRow) {
  return {
    issuerUrl: p.issuerUrl,
    clientId: p.clientId,
    clientSecret: unseal(secretKey(deps), p.clientSecret),
    outbound: deps.config.outbound,
    timeoutMs: deps.config.sso.timeoutMs,
  };
}

/** The configuration as the super administrator reads it: never the secret, only whether one is kept. */
export function toSsoView(deps: AppDeps, companyId: string, p: SsoProviderRow | undefined, domains: string[]) {
  return {
    companyId,
    configured: !!p,
    providerName: p?.providerName ?? 'Microsoft',
    issuerUrl: p?.issuerUrl ?? '',
    clientId: p?.clientId ?? '',
    hasClientSecret: !!p,
    domains,
    enabled: p?.enabled ?? false,
    redirectUri: redirectUriOf(deps),
    updatedAt: p ? p.updatedAt.toISOString() : null,
  };
}

async function companyOrThrow(deps: AppDeps, companyId: string) {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  return company;
}

/** GET /companies/{id}/sso (super administrator). */
export async function getConfig(deps: AppDeps, companyId: string) {
  await companyOrThrow(deps, companyId);
  return withSystem(deps.db, async (trx) =>
    toSsoView(deps, companyId, await repo.findProvider(trx, companyId), await repo.domainsOf(trx, companyId)),
  );
}

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The allowed domains, lower case without a leading '@'; a malformed or repeated one is a 400 naming it. */
export function normaliseDomains(raw: string[]) {
  const out: string[] = [];
  raw.forEach((d, i) => {
    const domain = d.trim().toLowerCase().replace(/^@/, '');
    if (!DOMAIN.test(domain))
      throw ssoError('SSO_DOMAIN_INVALID', { field: `domains.${i}`, params: { domain: d.trim() } });
    if (out.includes(domain)) throw ssoError('SSO_DOMAIN_DUPLICATE', { field: `domains.${i}`, params: { domain } });
    out.push(domain);
  });
  return out;
}

/**
 * An issuer is an https URL without credentials, query or fragment (http only to a destination the operator allows,
 * OUTBOUND_ALLOW_PRIVATE), whose host is public: a loopback, private, link-local or other internal address in any
 * notation, or a local name, is refused with OUTBOUND_URL_REFUSED on `issuerUrl`.
 */
function checkIssuer(deps: AppDeps, raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ssoError('SSO_ISSUER_INVALID', { field: 'issuerUrl' });
  }
  const problem = urlProblem(deps.config.outbound, url.href, { schemes: ['https:'], httpWhenAllowed: true });
  if (problem?.reason === 'address' || problem?.reason === 'local-name')
    throw new AppError('OUTBOUND_URL_REFUSED', { field: 'issuerUrl', params: { field: 'issuerUrl' } });
  if (problem || url.search || url.hash) throw ssoError('SSO_ISSUER_INVALID', { field: 'issuerUrl' });
  return raw.trim();
}

type ConfigBody = z.infer<typeof SsoConfigBody>;

/**
 * PUT /companies/{id}/sso (super administrator): the company's provider and allowed domains. The issuer is asked for
 * its discovery document first (an issuer announcing another one, or none, is refused), a domain may belong to one
 * company only, and the client secret is sealed (kept when the body leaves it out). Audited without the secret.
 */
export async function putConfig(deps: AppDeps, caller: Caller, companyId: string, body: ConfigBody) {
  await companyOrThrow(deps, companyId);
  // single sign-on is never configured, let alone turned on, without its provider's issuer and client id
  if (!body.issuerUrl.trim()) throw ssoError('SSO_ISSUER_REQUIRED', { field: 'issuerUrl' });
  if (!body.clientId.trim()) throw ssoError('SSO_CLIENT_ID_REQUIRED', { field: 'clientId' });
  const domains = normaliseDomains(body.domains);
  const issuerUrl = checkIssuer(deps, body.issuerUrl);
  const current = await repo.findProvider(deps.db, companyId);
  const secret = body.clientSecret?.trim() || (current ? unseal(secretKey(deps), current.clientSecret) : '');
  if (!secret) throw ssoError('SSO_SECRET_REQUIRED', { field: 'clientSecret' });
  if (body.enabled) {
    await providerConfiguration(
      {
        issuerUrl,
        clientId: body.clientId,
        clientSecret: secret,
        outbound: deps.config.outbound,
        timeoutMs: deps.config.sso.timeoutMs,
      },
      true,
    );
  }
  return withSystem(deps.db, async (trx) => {
    const taken = await repo.domainsTakenElsewhere(trx, companyId, domains);
    if (taken.length > 0)
      throw ssoError('SSO_DOMAIN_TAKEN', {
        field: `domains.${domains.indexOf(taken[0] as string)}`,
        params: { domain: taken[0] },
      });
    const before = toSsoView(deps, companyId, current, await repo.domainsOf(trx, companyId));
    const row = await repo.upsertProvider(trx, companyId, {
      providerName: body.providerName,
      issuerUrl,
      clientId: body.clientId,
      clientSecret: body.clientSecret?.trim() ? seal(secretKey(deps), secret) : (current?.clientSecret ?? ''),
      enabled: body.enabled,
      createdBy: caller.auth.userId,
      updatedBy: caller.auth.userId,
    });
    await repo.replaceDomains(trx, companyId, domains);
    const after = toSsoView(deps, companyId, row, domains);
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'company.sso.changed',
        entity: 'company',
        id: companyId,
        before: current ? before : null,
        after: { ...after, clientSecretChanged: !!body.clientSecret?.trim() },
      },
    );
    return after;
  });
}

/** DELETE /companies/{id}/sso: the company signs in with passwords only again. Audited. */
export async function removeConfig(deps: AppDeps, caller: Caller, companyId: string) {
  await companyOrThrow(deps, companyId);
  return withSystem(deps.db, async (trx) => {
    const before = toSsoView(
      deps,
      companyId,
      await repo.findProvider(trx, companyId),
      await repo.domainsOf(trx, companyId),
    );
    const removed = await repo.deleteProvider(trx, companyId);
    if (!removed) throw new AppError('NOT_FOUND');
    await audit(
      trx,
      { ...caller, companyId },
      { action: 'company.sso.removed', entity: 'company', id: companyId, before },
    );
    return toSsoView(deps, companyId, undefined, []);
  });
}

const domainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

/** GET /sso/discover?email=: whether the e-mail's domain signs in with a provider, and its name for the button. */
export async function discover(deps: AppDeps, email: string) {
  const found = email.includes('@') ? await repo.companyOfDomain(deps.db, domainOf(email)) : undefined;
  return found?.enabled
    ? { enabled: true, providerName: found.providerName }
    : { enabled: false, providerName: null as string | null };
}

/**
 * POST /sso/start {email}: the provider's authorization URL for the e-mail's domain. What the browser must bring back
 * is kept here: the state (hashed), the nonce, the PKCE verifier (sealed) and the hash of a binding value that only
 * this browser receives, so a sign-in started elsewhere cannot be finished in this browser (login CSRF).
 */
export async function start(deps: AppDeps, email: string) {
  const found = await repo.companyOfDomain(deps.db, domainOf(email));
  if (!found?.enabled) throw new AppError('SSO_NOT_CONFIGURED');
  const provider = await repo.findProvider(deps.db, found.companyId);
  if (!provider) throw new AppError('SSO_NOT_CONFIGURED');
  const config = await providerConfiguration(clientSettings(deps, provider));
  const redirectUri = redirectUriOf(deps);
  const request = await authorizationRequest(config, redirectUri, email.trim());
  const binding = randomToken(32);
  await withSystem(deps.db, async (trx) => {
    await repo.pruneLoginStates(trx);
    await repo.insertLoginState(trx, found.companyId, {
      stateHash: sha256(request.state),
      bindingHash: sha256(binding),
      nonce: request.nonce,
      codeVerifier: seal(secretKey(deps), request.codeVerifier),
      redirectUri,
      expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
  });
  return { url: request.url, binding, state: request.state };
}

export interface SsoLoginBody {
  token?: string;
  state?: string;
  iss?: string;
  binding?: string;
}

/**
 * POST /users/login-sso {token, state, iss, binding}: `token` is the authorization code the provider sent back. The
 * state is spent at once (a replayed one is refused), the code is exchanged with the PKCE verifier and the answer
 * checked (issuer, audience, signature, nonce); the e-mail must be verified, of an allowed domain, and belong to an
 * active user of the provider's company. Nobody is created. Every refusal is audited with its reason.
 */
export async function login(deps: AppDeps, body: SsoLoginBody, client: ClientInfo) {
  if (!body.token) throw new AppError('SSO_TOKEN_REQUIRED', { field: 'token' });
  const actor = (companyId: string | null, userId: string | null = null): AuditActor => ({
    companyId,
    userId,
    ip: client.ip,
    requestId: client.requestId,
  });
  const refuse = async (companyId: string | null, error: AppError, extra: Record<string, unknown> = {}) => {
    await audit(deps.db, actor(companyId), {
      action: 'auth.sso.refused',
      entity: 'user',
      after: { reason: error.code, ...extra },
    });
    return error;
  };
  const row = body.state ? await repo.spendLoginState(deps.db, sha256(body.state)) : undefined;
  if (!row || !body.binding || !safeEqual(sha256(body.binding), row.bindingHash))
    throw await refuse(row?.companyId ?? null, ssoError('SSO_STATE_INVALID', { field: 'state' }));
  const provider = await repo.findProvider(deps.db, row.companyId);
  if (!provider?.enabled) throw await refuse(row.companyId, new AppError('SSO_NOT_CONFIGURED'));
  const config = await providerConfiguration(clientSettings(deps, provider));
  let identity: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    identity = await exchangeCode(config, {
      redirectUri: row.redirectUri,
      code: body.token,
      state: body.state as string,
      iss: body.iss,
      codeVerifier: unseal(secretKey(deps), row.codeVerifier),
      nonce: row.nonce,
    });
  } catch (err) {
    // the provider's or openid-client's reason, never the code, the tokens or the secret
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const reason = [e.code, e.message, e.cause?.code, e.cause?.message].filter(Boolean).join(': ');
    deps.log.warn({ companyId: row.companyId, reason }, 'single sign-on answer refused');
    throw await refuse(row.companyId, ssoError('SSO_TOKEN_INVALID'), { detail: String(reason).slice(0, 200) });
  }
  const { email } = identity;
  if (!email || !identity.emailVerified) throw await refuse(row.companyId, ssoError('SSO_EMAIL_MISSING'));
  const domain = domainOf(email);
  if (!(await repo.domainsOf(deps.db, row.companyId)).includes(domain))
    throw await refuse(row.companyId, ssoError('SSO_DOMAIN_NOT_ALLOWED', { params: { domain } }), { email });
  const user = await findUserForSignIn(deps, email);
  if (!user?.active || user.companyId !== row.companyId)
    throw await refuse(row.companyId, ssoError('SSO_USER_NOT_FOUND', { params: { email } }), { email });
  return signInVerifiedUser(deps, user, client, 'sso');
}
