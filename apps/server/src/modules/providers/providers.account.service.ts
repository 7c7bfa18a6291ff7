import { z } from 'zod';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { getCompany } from '../companies';
import { credentialsKey, seal, unseal } from './providers.crypto';
import { checkProviderAddress, recordsError } from './providers.errors';
import { ProviderFailure, requestJson } from './providers.http';
import * as repo from './providers.repo';
import { SAMPLE_BASE_URL, sampleBaseUrl } from './providers.sample';

/**
 * The company's data-provider account, "datacorp" in the spec's calls (decision 81): a client id and secret with
 * which `POST {baseUrl}/oauth/token` (OAuth 2.0 client credentials, RFC 6749 §4.4) issues an access token. The
 * token is stored encrypted with its expiry; a provider configured without credentials of its own is called with
 * it, renewed when it has expired.
 */

/** A token this close to its expiry is renewed before use. */
const EXPIRY_MARGIN_MS = 60_000;

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(4000),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.coerce
    .number()
    .int()
    .positive()
    .max(366 * 24 * 3600),
});

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

const keyOf = (deps: AppDeps) => credentialsKey(deps.config.providers.secretKey, deps.jwtSecret);
const baseOf = async (baseUrl: string) => (baseUrl === SAMPLE_BASE_URL ? sampleBaseUrl() : baseUrl.replace(/\/$/, ''));

function tokenState(a: { tokenEnc: string | null; tokenExpiresAt: Date | string | null }, now = Date.now()) {
  if (!a.tokenEnc || !a.tokenExpiresAt) return 'none' as const;
  return new Date(a.tokenExpiresAt).getTime() - EXPIRY_MARGIN_MS > now ? ('valid' as const) : ('expired' as const);
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The account as the super administrator sees it: never the secret nor the token. */
export function accountView(a: Account | undefined, renewedByName: string | null = null) {
  return {
    configured: !!a,
    baseUrl: a?.baseUrl ?? null,
    clientId: a?.clientId ?? null,
    hasSecret: !!a?.clientSecretEnc,
    sample: a?.sample ?? false,
    token: {
      state: a ? tokenState(a) : ('none' as const),
      expiresAt: iso(a?.tokenExpiresAt ?? null),
      renewedAt: iso(a?.renewedAt ?? null),
      renewedBy: renewedByName,
    },
  };
}
export type AccountView = ReturnType<typeof accountView>;

export function findAccount(db: Executor, companyId: string) {
  return repo.findAccount(db, companyId);
}

/** The company's account view, with the name of who renewed its token last. */
export async function accountOf(deps: AppDeps, companyId: string) {
  const a = await withTenant(deps.db, companyId, (trx) => repo.findAccount(trx, companyId));
  const by = a?.renewedBy ? await withSystem(deps.db, (trx) => repo.userName(trx, a.renewedBy as string)) : null;
  return accountView(a, by);
}

export interface AccountInput {
  baseUrl: string;
  clientId: string;
  /** null removes it, undefined keeps it */
  clientSecret?: string | null;
  sample?: boolean;
}

/** Sets the company's account (the secret encrypted at rest); a stored token is dropped. Audited. */
export async function setAccount(deps: AppDeps, caller: Caller, companyId: string, v: AccountInput) {
  checkProviderAddress(deps, v.baseUrl);
  await getCompany(deps, caller, companyId);
  await withTenant(deps.db, companyId, async (trx) => {
    const before = await repo.findAccount(trx, companyId);
    await repo.upsertAccount(trx, companyId, {
      baseUrl: v.baseUrl,
      clientId: v.clientId,
      clientSecretEnc:
        v.clientSecret === undefined ? undefined : v.clientSecret === null ? null : seal(keyOf(deps), v.clientSecret),
      sample: v.sample ?? false,
    });
    const after = accountView(await repo.findAccount(trx, companyId));
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'provider.account.configured',
        entity: 'company',
        id: companyId,
        before: before ? accountView(before) : undefined,
        after,
      },
    );
  });
  return accountOf(deps, companyId);
}

/**
 * Asks the account's token endpoint for a new access token and stores it (encrypted) with its expiry, audited as
 * the caller. A company without an account or secret answers 409; the endpoint's failure a 502/504 (the stored
 * token, if any, stays).
 */
export async function renewToken(deps: AppDeps, caller: Caller, companyId: string): Promise<AccountView> {
  const account = await withTenant(deps.db, companyId, (trx) => repo.findAccount(trx, companyId));
  if (!account?.clientSecretEnc) throw recordsError('PROVIDER_ACCOUNT_NOT_CONFIGURED');
  const basic = Buffer.from(`${account.clientId}:${unseal(keyOf(deps), account.clientSecretEnc)}`).toString('base64');
  let token: z.infer<typeof TokenAnswer>;
  try {
    const options = {
      ...deps.config.providers,
      outbound: deps.config.outbound,
      ownService: account.baseUrl === SAMPLE_BASE_URL,
    };
    const res = await requestJson(`${await baseOf(account.baseUrl)}/oauth/token`, options, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (res.status === 404) throw new ProviderFailure('http', 404, 'no token endpoint');
    token = TokenAnswer.parse(res.body);
  } catch (err) {
    const timeout = err instanceof ProviderFailure && err.kind === 'timeout';
    if (!(err instanceof ProviderFailure) && !(err instanceof z.ZodError)) throw err;
    caller.log.warn({ companyId, timeout }, 'provider account token request failed');
    throw recordsError(timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE');
  }
  await withTenant(deps.db, companyId, async (trx) => {
    const before = await repo.findAccount(trx, companyId);
    await repo.storeToken(trx, companyId, {
      tokenEnc: seal(keyOf(deps), token.access_token),
      tokenExpiresAt: new Date(Date.now() + token.expires_in * 1000),
      renewedBy: caller.auth.userId,
    });
    const after = accountView(await repo.findAccount(trx, companyId));
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'provider.account.tokenRenewed',
        entity: 'company',
        id: companyId,
        before: before ? { token: accountView(before).token } : undefined,
        after: { token: after.token },
      },
    );
  });
  return accountOf(deps, companyId);
}

/**
 * The bearer token of the company's account for a provider call: the stored one while valid, else a new one when
 * the account can obtain it; null when the company has no account.
 */
export async function accountToken(deps: AppDeps, caller: Caller, companyId: string): Promise<string | null> {
  const account = await withTenant(deps.db, companyId, (trx) => repo.findAccount(trx, companyId));
  if (!account) return null;
  if (tokenState(account) === 'valid' && account.tokenEnc) return unseal(keyOf(deps), account.tokenEnc);
  if (!account.clientSecretEnc) return null;
  await renewToken(deps, caller, companyId);
  const renewed = await withTenant(deps.db, companyId, (trx) => repo.findAccount(trx, companyId));
  return renewed?.tokenEnc ? unseal(keyOf(deps), renewed.tokenEnc) : null;
}
