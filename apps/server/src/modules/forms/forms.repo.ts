import type { PepDerived } from '@regcheck/shared/pep-status';
import type { DueDiligenceView } from '@regcheck/shared/schemas/operations';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { page, tenantRows, tenantUpdate } from '../../db/crud';
import type { FormRow, FormsTable } from '../../db/tables/forms.tables';
import type { FormType } from '../../db/tables/forms.types';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

/*
 * The forms, their links and rules. Reads the participants of an operation (operation_associates, with the e-mail and
 * PEP status of their fichas) directly, read-only: the operations module reads the form statuses back through the
 * provider registered in operations.events, so neither module imports the other's service both ways.
 */

export interface ParticipantRow {
  associateIndex: number;
  operationId: string;
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  email: string | null;
  fichaId: string | null;
  fichaEmail: string | null;
  pepStatus: string | null;
  monto: number;
  /** the operation's currency and day (for the DOF threshold in another currency) */
  divisa: string;
  day: Date | null;
  /**
   * the amount in the DOF threshold's currency, when the company's rule names one other than the operation's: the
   * converted amount (null: no rate for the day, `missing` names the currency without one) and the day of the rate
   */
  dofConversion?: { amount: number | null; rateDate: string | null; day: string; missing: string | null };
  /**
   * the operation's due diligence by amount asks the declaration (a rule asked for it, or its day's rate is still
   * missing: operations.due-diligence.ts, decision 147)
   */
  dueDiligence: boolean;
  /** the operation's due diligence as stored (which rules asked, at which rate), to say why */
  dueDiligenceDetail: z.infer<typeof DueDiligenceView> | null;
  /** the operation's whole amount (the due diligence's), in its currency */
  operationAmount: number;
  /** the ficha's derived PEP status in full (PepDerived), and its end, to say why the PEP form is asked */
  pepDetail: PepDerived | null;
  pepExpiration: Date | null;
}

export async function participantsOf(ex: Executor, companyId: string, operationId: string): Promise<ParticipantRow[]> {
  const rows = await ex
    .selectFrom('operationAssociates as a')
    .innerJoin('operations as o', 'o.id', 'a.operationId')
    .leftJoin('fichas as f', (j) => j.onRef('f.id', '=', 'a.fichaId').onRef('f.companyId', '=', 'a.companyId'))
    .select([
      'a.operationId',
      'a.dni',
      'a.name',
      'a.personType',
      'a.email',
      'a.fichaId',
      'a.monto',
      'f.email as fichaEmail',
      'f.pepStatus',
      'f.pepDetail',
      'f.pepExpiration',
      'o.divisa',
      'o.amount as operationAmount',
      'o.transactionDate',
      'o.registrationDate',
      'o.dueDiligence',
    ])
    .where('a.companyId', '=', companyId)
    .where('o.companyId', '=', companyId)
    .where('a.operationId', '=', operationId)
    .where('o.recordStatus', '=', 'active')
    .orderBy('a.position')
    .execute();
  return rows.map(({ transactionDate, registrationDate, dueDiligence, pepDetail, ...r }, associateIndex) => ({
    ...r,
    associateIndex,
    dueDiligence: !!dueDiligence && (dueDiligence.required || dueDiligence.pending !== null),
    dueDiligenceDetail: dueDiligence ?? null,
    operationAmount: Number(r.operationAmount),
    pepDetail: (typeof pepDetail === 'string' ? JSON.parse(pepDetail) : (pepDetail ?? null)) as PepDerived | null,
    monto: Number(r.monto),
    day: transactionDate ?? registrationDate ?? null,
  }));
}

/** Which of these ids are active operations of the company (one query, whatever their number). */
export async function activeOperationIds(ex: Executor, companyId: string, operationIds: string[]) {
  if (!operationIds.length) return new Set<string>();
  const rows = await ex
    .selectFrom('operations')
    .select('id')
    .where('companyId', '=', companyId)
    .where('id', 'in', operationIds)
    .where('recordStatus', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Whether the id is an active operation of the company. */
export async function operationExists(ex: Executor, companyId: string, operationId: string) {
  return (await activeOperationIds(ex, companyId, [operationId])).has(operationId);
}

/** The codes of the company's active operations among the ids (an unknown or another company's id is missing). */
export async function operationCodes(ex: Executor, companyId: string, ids: string[]) {
  const rows = await ex
    .selectFrom('operations')
    .select(['id', 'codigo'])
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .where('recordStatus', '=', 'active')
    .execute();
  return new Map(rows.map((r) => [r.id, r.codigo]));
}

/** How many of the ids are the company's fichas. */
export async function countFichas(ex: Executor, companyId: string, ids: string[]) {
  const r = await ex
    .selectFrom('fichas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function companyOf(ex: Executor, companyId: string) {
  return ex
    .selectFrom('companies')
    .select(['id', 'name', 'country', 'language', 'status'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

// ------------------------------------------------------------------ forms

export function insertForm(
  ex: Executor,
  values: Omit<FormsTable, 'id' | 'createdAt' | 'updatedAt'> | Record<string, unknown>,
) {
  return ex
    .insertInto('forms')
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findForm(ex: Executor, companyId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = tenantRows(ex, 'forms', companyId).where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The form whose last send is this outbox e-mail (none when a later send replaced it). */
export function findFormByOutbox(ex: Executor, companyId: string, outboxId: string) {
  return tenantRows(ex, 'forms', companyId).where('lastOutboxId', '=', outboxId).forUpdate().executeTakeFirst();
}

export function updateForm(ex: Executor, companyId: string, id: string, values: Record<string, unknown>) {
  return tenantUpdate(ex, 'forms', companyId, { ...values, updatedAt: new Date() } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listForms(ex: Executor, companyId: string, types: FormType[], q: ListQuery) {
  return page(tenantRows(ex, 'forms', companyId).where('type', 'in', types), q);
}

export async function countForms(ex: Executor, companyId: string, types: FormType[], where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('forms')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', companyId)
    .where('type', 'in', types)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** The forms of an operation, newest first (the latest active one of a participant and type is its current form). */
export function formsOfOperation(ex: Executor, companyId: string, operationId: string): Promise<FormRow[]> {
  return tenantRows(ex, 'forms', companyId)
    .where('operationId', '=', operationId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function formsOfFichas(ex: Executor, companyId: string, fichaIds: string[]): Promise<FormRow[]> {
  if (fichaIds.length === 0) return Promise.resolve([]);
  return tenantRows(ex, 'forms', companyId).where('fichaId', 'in', fichaIds).orderBy('createdAt', 'desc').execute();
}

// ------------------------------------------------------------------ links

export function insertLink(
  ex: Executor,
  companyId: string,
  v: { formId: string; tokenHash: string; expiresAt: Date; createdBy: string | null },
) {
  return ex
    .insertInto('formLinks')
    .values({ companyId, ...v })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** Revokes every live link of a form (a resend issues a new one; a signature spends it). */
export function revokeLinks(ex: Executor, companyId: string, formId: string) {
  return tenantUpdate(ex, 'formLinks', companyId, { revokedAt: new Date() })
    .where('formId', '=', formId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** A link by its token's hash, with its company (system lookup: the visitor has no company yet). */
export function findLinkByHash(ex: Executor, tokenHash: string) {
  return ex
    .selectFrom('formLinks as l')
    .innerJoin('companies as c', 'c.id', 'l.companyId')
    .select([
      'l.id',
      'l.companyId',
      'l.formId',
      'l.expiresAt',
      'l.revokedAt',
      'l.failedAttempts',
      'l.lockedAt',
      'c.name as companyName',
      'c.status as companyStatus',
      'c.country as companyCountry',
    ])
    .where('l.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export function touchLink(ex: Executor, companyId: string, id: string) {
  return tenantUpdate(ex, 'formLinks', companyId, { lastUsedAt: new Date() }).where('id', '=', id).execute();
}

/**
 * Counts one wrong document number typed on a link; the `max`-th locks it (locked_at set once). Answers the link's
 * count and lock after the change.
 */
export function recordWrongDocument(ex: Executor, companyId: string, id: string, max: number) {
  return tenantUpdate(ex, 'formLinks', companyId, {
    failedAttempts: sql<number>`failed_attempts + 1`,
    lockedAt: sql<Date | null>`case when locked_at is null and failed_attempts + 1 >= ${max} then now() else locked_at end`,
  })
    .where('id', '=', id)
    .returning(['failedAttempts', 'lockedAt'])
    .executeTakeFirstOrThrow();
}

/** A signed form by the SHA-256 of its signed PDF (system lookup for /public/verify). */
export function findSignedBySha(ex: Executor, sha: string) {
  return ex
    .selectFrom('forms as f')
    .innerJoin('companies as c', 'c.id', 'f.companyId')
    .select([
      'f.id',
      'f.type',
      'f.name',
      'f.dni',
      'f.signedAt',
      'f.signerFingerprint',
      'f.contentSha256',
      'c.name as companyName',
      'c.country as companyCountry',
    ])
    .where('f.signedSha256', '=', sha)
    .executeTakeFirst();
}

// ------------------------------------------------------------------ rules

export function findRules(ex: Executor, companyId: string) {
  return tenantRows(ex, 'formRules', companyId).executeTakeFirst();
}

export function upsertRules(
  ex: Executor,
  companyId: string,
  v: {
    dofThreshold: number;
    updateWindowDays: number;
    bfForLegal: boolean;
    pepForPeps: boolean;
    dofCurrency: 'USD' | 'CLP' | 'UF' | 'BRL' | null;
  },
) {
  return ex
    .insertInto('formRules')
    .values({ companyId, ...v })
    .onConflict((oc) => oc.column('companyId').doUpdateSet({ ...v, updatedAt: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A form of the forms report: who, document, the operation's code, status and the dates of its steps. */
export interface FormReportRow {
  name: string;
  dni: string;
  email: string | null;
  codigo: number | null;
  status: FormRow['status'];
  createdAt: Date;
  lastSentAt: Date | null;
  openedAt: Date | null;
  filledAt: Date | null;
  signedAt: Date | null;
}

/**
 * The company's active forms of one type created in [from, to) whose status is one of `statuses`, oldest first, at
 * most `limit` (the operation's code read from operations, read-only).
 */
export function formsOfPeriod(
  ex: Executor,
  companyId: string,
  type: FormType,
  range: { from: string; to: string },
  statuses: FormRow['status'][],
  limit: number,
): Promise<FormReportRow[]> {
  return ex
    .selectFrom('forms as f')
    .leftJoin('operations as o', (j) => j.onRef('o.id', '=', 'f.operationId').onRef('o.companyId', '=', 'f.companyId'))
    .select([
      'f.name',
      'f.dni',
      'f.email',
      'o.codigo',
      'f.status',
      'f.createdAt',
      'f.lastSentAt',
      'f.openedAt',
      'f.filledAt',
      'f.signedAt',
    ])
    .where('f.companyId', '=', companyId)
    .where('f.type', '=', type)
    .where('f.isActive', '=', true)
    .where('f.status', 'in', statuses)
    .where('f.createdAt', '>=', new Date(range.from))
    .where('f.createdAt', '<', new Date(range.to))
    .orderBy('f.createdAt')
    .orderBy('f.id')
    .limit(limit)
    .execute() as Promise<FormReportRow[]>;
}
