import { ZodError } from 'zod';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import { getCompany } from '../companies';
import type { Adapter, ProviderId } from './providers.adapter';

export { commercialReportAdapter } from './providers.adapters';

import { accountToken } from './providers.account.service';
import { credentialsKey, seal, unseal } from './providers.crypto';
import { checkProviderAddress, recordsError } from './providers.errors';
import { getJson, ProviderFailure } from './providers.http';
import * as repo from './providers.repo';
import { SAMPLE_BASE_URL, sampleBaseUrl } from './providers.sample';

/** A cached answer is valid 24 hours (spec 000 §9), per company, provider and person. */
export const CACHE_VALIDITY_MS = 24 * 60 * 60 * 1000;

export type LookupOutcome<T> =
  | { state: 'notConfigured' }
  | { state: 'found' | 'notFound'; data: T | null; cached: boolean; sample: boolean; fetchedAt: string };

/** Where a lookup is made and for whom: logged with its result for the auditor. */
export interface LookupContext {
  source: string;
  fichaId: string | null;
  document: string;
  /** the person (and table) the answer is cached for */
  cacheKey: string;
}

async function logCall(
  deps: AppDeps,
  caller: TenantCaller,
  provider: ProviderId,
  ctx: LookupContext,
  result: 'found' | 'notFound' | 'cached' | 'error' | 'timeout' | 'limit' | 'notConfigured',
  httpStatus: number | null,
  durationMs: number,
) {
  await withTenant(deps.db, caller.companyId, (trx) =>
    repo.insertCall(trx, caller.companyId, {
      userId: caller.auth.userId,
      provider,
      source: ctx.source,
      fichaId: ctx.fichaId,
      personDocument: ctx.document,
      result,
      httpStatus,
      durationMs,
    }),
  );
}

/**
 * One person's answer from a provider: the 24-hour cache of the company when fresh; otherwise, within the
 * contracted limit, the provider itself (timeout, retries with backoff). Only an answer (found or not found) is
 * cached and counted; a failure answers 502/504 and leaves the cache as it was. Every lookup is logged.
 */
export async function lookup<Req, Ans>(
  deps: AppDeps,
  caller: TenantCaller,
  adapter: Adapter<Req, Ans>,
  request: Req,
  ctx: LookupContext,
  now = new Date(),
): Promise<LookupOutcome<Ans>> {
  const req = adapter.request.parse(request);
  const { config, cached } = await withTenant(deps.db, caller.companyId, async (trx) => ({
    config: await repo.findConfig(trx, caller.companyId, adapter.provider),
    cached: await repo.findCache(trx, caller.companyId, adapter.provider, ctx.cacheKey),
  }));
  if (!config?.enabled) {
    await logCall(deps, caller, adapter.provider, ctx, 'notConfigured', null, 0);
    return { state: 'notConfigured' };
  }
  if (cached && now.getTime() - new Date(cached.fetchedAt).getTime() < CACHE_VALIDITY_MS) {
    await logCall(deps, caller, adapter.provider, ctx, 'cached', null, 0);
    return {
      state: cached.found ? 'found' : 'notFound',
      data: cached.found ? adapter.answer.parse(cached.answer) : null,
      cached: true,
      sample: cached.sample,
      fetchedAt: new Date(cached.fetchedAt).toISOString(),
    };
  }
  if (config.requestLimit !== null && config.requestsUsed >= config.requestLimit) {
    await logCall(deps, caller, adapter.provider, ctx, 'limit', null, 0);
    throw recordsError('PROVIDER_LIMIT_REACHED');
  }
  const base = config.baseUrl === SAMPLE_BASE_URL ? await sampleBaseUrl() : config.baseUrl.replace(/\/$/, '');
  const t0 = Date.now();
  const headers: Record<string, string> = {};
  if (config.credentialsEnc) {
    const key = credentialsKey(deps.config.providers.secretKey, deps.jwtSecret);
    headers.authorization = `Bearer ${unseal(key, config.credentialsEnc)}`;
  } else {
    // no credentials of its own: the company's account token (decision 81), renewed when it has expired
    const token = await accountToken(deps, caller, caller.companyId).catch(async (err: unknown) => {
      if (err instanceof AppError)
        await logCall(
          deps,
          caller,
          adapter.provider,
          ctx,
          err.code === 'PROVIDER_TIMEOUT' ? 'timeout' : 'error',
          null,
          0,
        );
      throw err;
    });
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let data: Ans | null;
  let status: number;
  try {
    const res = await getJson(`${base}${adapter.path(req)}`, {
      ...deps.config.providers,
      headers,
      outbound: deps.config.outbound,
      ownService: config.baseUrl === SAMPLE_BASE_URL,
    });
    status = res.status;
    data = res.status === 404 ? null : adapter.parse(res.body, req);
  } catch (err) {
    const failure =
      err instanceof ProviderFailure
        ? err
        : err instanceof ZodError
          ? new ProviderFailure('malformed', 200, 'shape')
          : null;
    if (!failure) throw err;
    caller.log.warn({ provider: adapter.provider, kind: failure.kind, status: failure.status }, 'provider call failed');
    await logCall(
      deps,
      caller,
      adapter.provider,
      ctx,
      failure.kind === 'timeout' ? 'timeout' : 'error',
      failure.status,
      Date.now() - t0,
    );
    throw recordsError(failure.kind === 'timeout' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE');
  }
  const found = data !== null;
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    await repo.countRequest(trx, caller.companyId, adapter.provider);
    await repo.insertCall(trx, caller.companyId, {
      userId: caller.auth.userId,
      provider: adapter.provider,
      source: ctx.source,
      fichaId: ctx.fichaId,
      personDocument: ctx.document,
      result: found ? 'found' : 'notFound',
      httpStatus: status,
      durationMs: Date.now() - t0,
    });
    return repo.upsertCache(trx, caller.companyId, adapter.provider, ctx.cacheKey, {
      answer: data,
      found,
      sample: config.sample,
    });
  });
  return {
    state: found ? 'found' : 'notFound',
    data,
    cached: false,
    sample: config.sample,
    fetchedAt: new Date(row.fetchedAt).toISOString(),
  };
}

export interface ProviderConfigInput {
  /** absent keeps the stored address (and whether it is the demo's sample server) */
  baseUrl?: string;
  /** the secret the provider expects (sent as a bearer token); null removes it, undefined keeps it */
  credentials?: string | null;
  requestLimit: number | null;
  enabled: boolean;
  sample?: boolean;
}

function configView(r: Awaited<ReturnType<typeof repo.upsertConfig>>) {
  return {
    provider: r.provider,
    baseUrl: r.baseUrl,
    hasCredentials: r.credentialsEnc !== null,
    requestLimit: r.requestLimit,
    requestsUsed: r.requestsUsed,
    enabled: r.enabled,
    sample: r.sample,
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
export type ProviderConfigView = ReturnType<typeof configView>;

/** The providers of a company as the super administrator sees them (never the credentials). */
export async function listConfigs(deps: AppDeps, caller: Caller, companyId: string) {
  await getCompany(deps, caller, companyId);
  return withTenant(deps.db, companyId, async (trx) => (await repo.listConfigs(trx, companyId)).map(configView));
}

/** Sets a company's provider: address, credentials (encrypted at rest), contracted limit. An unknown company is 404. */
export async function configure(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  provider: ProviderId,
  v: ProviderConfigInput,
) {
  if (v.baseUrl) checkProviderAddress(deps, v.baseUrl);
  await getCompany(deps, caller, companyId);
  const key = credentialsKey(deps.config.providers.secretKey, deps.jwtSecret);
  return withTenant(deps.db, companyId, async (trx) => {
    const before = await repo.findConfig(trx, companyId, provider);
    if (!v.baseUrl && !before) throw recordsError('PROVIDER_ADDRESS_REQUIRED', { field: 'baseUrl' });
    const keep = !v.baseUrl && before;
    const row = await repo.upsertConfig(trx, companyId, provider, {
      baseUrl: v.baseUrl ?? before?.baseUrl ?? '',
      credentialsEnc:
        v.credentials === undefined ? undefined : v.credentials === null ? null : seal(key, v.credentials),
      requestLimit: v.requestLimit,
      enabled: v.enabled,
      sample: keep ? before.sample : (v.sample ?? false),
    });
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'provider.configured',
        entity: 'provider',
        id: `${companyId}:${provider}`,
        before: before ? configView(before) : undefined,
        after: configView(row),
      },
    );
    return configView(row);
  });
}

/**
 * The call log of a company, newest first (of one ficha when asked): the caller's own company (the route's
 * providerCallLog key decides who), or any company for the super administrator. Read-only: nothing edits it.
 */
export async function calls(deps: AppDeps, caller: Caller, companyId: string, f: repo.CallFilter) {
  await getCompany(deps, caller, companyId);
  const page = await withTenant(deps.db, companyId, async (trx) => ({
    count: await repo.countCalls(trx, companyId, f.fichaId),
    data: await repo.listCalls(trx, companyId, f),
  }));
  return {
    data: page.data.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })),
    count: page.count,
  };
}

/** Whether a provider can be asked now for the caller's company: configured, and within the contracted limit. */
export async function availability(deps: AppDeps, caller: TenantCaller, provider: ProviderId) {
  const c = await withTenant(deps.db, caller.companyId, (trx) => repo.findConfig(trx, caller.companyId, provider));
  return {
    configured: !!c?.enabled,
    limitReached: !!c && c.requestLimit !== null && c.requestsUsed >= c.requestLimit,
  };
}
