import { sql } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { ProviderCallsTable } from '../../db/tables/providers.tables';
import type { Executor } from '../../db/tenant';

export function findConfig(db: Executor, companyId: string, provider: string) {
  return tenantRows(db, 'providerConfigs', companyId).where('provider', '=', provider).executeTakeFirst();
}

export function listConfigs(db: Executor, companyId: string) {
  return tenantRows(db, 'providerConfigs', companyId).orderBy('provider').execute();
}

export function upsertConfig(
  db: Executor,
  companyId: string,
  provider: string,
  v: {
    baseUrl: string;
    credentialsEnc?: string | null;
    requestLimit: number | null;
    enabled: boolean;
    sample: boolean;
  },
) {
  const { credentialsEnc, ...rest } = v;
  const set = { ...rest, ...(credentialsEnc !== undefined ? { credentialsEnc } : {}), updatedAt: new Date() };
  return db
    .insertInto('providerConfigs')
    .values({ companyId, provider, ...set, credentialsEnc: credentialsEnc ?? null })
    .onConflict((oc) => oc.columns(['companyId', 'provider']).doUpdateSet(set))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Counts one answered request against the contracted limit. */
export function countRequest(db: Executor, companyId: string, provider: string) {
  return tenantUpdate(db, 'providerConfigs', companyId, { requestsUsed: sql`requests_used + 1` })
    .where('provider', '=', provider)
    .execute();
}

export function findCache(db: Executor, companyId: string, provider: string, cacheKey: string) {
  return tenantRows(db, 'providerCache', companyId)
    .where('provider', '=', provider)
    .where('cacheKey', '=', cacheKey)
    .executeTakeFirst();
}

export function upsertCache(
  db: Executor,
  companyId: string,
  provider: string,
  cacheKey: string,
  v: { answer: unknown; found: boolean; sample: boolean },
) {
  const set = { answer: JSON.stringify(v.answer), found: v.found, sample: v.sample, fetchedAt: new Date() };
  return db
    .insertInto('providerCache')
    .values({ companyId, provider, cacheKey, ...set })
    .onConflict((oc) => oc.columns(['companyId', 'provider', 'cacheKey']).doUpdateSet(set))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertCall(
  db: Executor,
  companyId: string,
  row: Omit<ProviderCallsTable, 'id' | 'companyId' | 'createdAt' | 'durationMs'> & { durationMs: number },
) {
  return db
    .insertInto('providerCalls')
    .values({ companyId, ...row })
    .execute();
}

export interface CallFilter {
  limit: number;
  skip: number;
  /** one ficha's lookups only */
  fichaId?: string;
}

export function listCalls(db: Executor, companyId: string, f: CallFilter) {
  return db
    .selectFrom('providerCalls')
    .leftJoin('users', 'users.id', 'providerCalls.userId')
    .select([
      'providerCalls.id',
      'providerCalls.provider',
      'providerCalls.source',
      'providerCalls.fichaId',
      'providerCalls.personDocument',
      'providerCalls.result',
      'providerCalls.httpStatus',
      'providerCalls.durationMs',
      'providerCalls.createdAt',
      'users.name as userName',
      'users.email as userEmail',
    ])
    .where('providerCalls.companyId', '=', companyId)
    .$if(!!f.fichaId, (q) => q.where('providerCalls.fichaId', '=', f.fichaId as string))
    .orderBy('providerCalls.createdAt', 'desc')
    .limit(f.limit)
    .offset(f.skip)
    .execute();
}

export async function countCalls(db: Executor, companyId: string, fichaId?: string) {
  const r = await db
    .selectFrom('providerCalls')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('companyId', '=', companyId)
    .$if(!!fichaId, (q) => q.where('fichaId', '=', fichaId as string))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findAccount(db: Executor, companyId: string) {
  return tenantRows(db, 'providerAccounts', companyId).executeTakeFirst();
}

/**
 * The name of a user who renewed a company's token: a company user or a platform user (the super administrator,
 * who has no company), so it is read outside the tenant (`withSystem`).
 */
export async function userName(db: Executor, userId: string) {
  const r = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return r?.name ?? null;
}

export function upsertAccount(
  db: Executor,
  companyId: string,
  v: { baseUrl: string; clientId: string; clientSecretEnc?: string | null; sample: boolean },
) {
  const { clientSecretEnc, ...rest } = v;
  // a new address or client makes the old token meaningless
  const set = {
    ...rest,
    ...(clientSecretEnc !== undefined ? { clientSecretEnc } : {}),
    tokenEnc: null,
    tokenExpiresAt: null,
    updatedAt: new Date(),
  };
  return db
    .insertInto('providerAccounts')
    .values({ companyId, ...set, clientSecretEnc: clientSecretEnc ?? null })
    .onConflict((oc) => oc.column('companyId').doUpdateSet(set))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function storeToken(
  db: Executor,
  companyId: string,
  v: { tokenEnc: string; tokenExpiresAt: Date; renewedBy: string | null },
) {
  return tenantUpdate(db, 'providerAccounts', companyId, { ...v, renewedAt: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
