import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { page } from '../../db/crud';
import type {
  PeopleImportLinesTable,
  PeopleImportsTable,
  PeopleStatusChangesTable,
  PeopleTable,
  RegisterStatus,
} from '../../db/tables/people.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

/* The register is the platform's, not a company's: these queries run in withSystem. */

/** Every column, the date ones read as text ('YYYY-MM-DD') so that no time zone shifts them. */
function selectPeople(ex: Executor) {
  return ex
    .selectFrom('people')
    .selectAll()
    .select([
      sql<string | null>`office_start::text`.as('officeStart'),
      sql<string | null>`office_end::text`.as('officeEnd'),
      sql<string | null>`pep_expiration::text`.as('pepExpiration'),
    ]);
}

export function findById(ex: Executor, id: string) {
  return selectPeople(ex).where('id', '=', id).executeTakeFirst();
}

export function findByDniKey(ex: Executor, dniKey: string, country?: string) {
  let q = selectPeople(ex).where('dniKey', '=', dniKey);
  if (country) q = q.where('country', '=', country);
  return q.orderBy('isActive', 'desc').orderBy('createdAt', 'desc').executeTakeFirst();
}

export function findAllByDniKey(ex: Executor, dniKey: string) {
  return selectPeople(ex).where('dniKey', '=', dniKey).orderBy('createdAt', 'desc').execute();
}

export function list(ex: Executor, q: ListQuery) {
  return page(selectPeople(ex), q);
}

export async function count(ex: Executor, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** The names of some people by id (the primaries of a page of the register, in one query). */
export async function namesOf(ex: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await ex.selectFrom('people').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The related (level 2) people of a primary PEP. */
export function relatedOf(ex: Executor, primaryId: string) {
  return selectPeople(ex).where('primaryPersonId', '=', primaryId).execute();
}

export async function insert(ex: Executor, row: Insertable<PeopleTable>) {
  const r = await ex.insertInto('people').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findById(ex, r.id)) as NonNullable<Awaited<ReturnType<typeof findById>>>;
}

export async function update(ex: Executor, id: string, patch: Updateable<PeopleTable>) {
  await ex
    .updateTable('people')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findById(ex, id)) as NonNullable<Awaited<ReturnType<typeof findById>>>;
}

// ------------------------------------------------------------ the register as a screening list

/** The people the register list should hold: active and PEP (status direct or indirect), a page at a time. */
export function inRegisterPage(ex: Executor, afterId: string | null, limit: number) {
  let q = selectPeople(ex).where('registerStatus', 'in', ['direct', 'indirect']);
  if (afterId) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit).execute();
}

export async function countInRegister(ex: Executor) {
  const r = await ex
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('registerStatus', 'in', ['direct', 'indirect'])
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

/** People recorded as PEP whose expiration has passed (the daily sweep takes them off the register list). */
export function expiredInRegister(ex: Executor, today: string, limit: number) {
  return selectPeople(ex)
    .where('registerStatus', 'in', ['direct', 'indirect'])
    .where('pepExpiration', '<', today)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function insertStatusChange(ex: Executor, row: Insertable<PeopleStatusChangesTable>) {
  return ex.insertInto('peopleStatusChanges').values(row).execute();
}

/** The person holding a stored document. */
export function findByStoredFile(ex: Executor, storedName: string) {
  return selectPeople(ex)
    .where(sql<SqlBool>`files @> ${JSON.stringify([{ storedName }])}::jsonb`)
    .executeTakeFirst();
}

// ------------------------------------------------------------ imports of the Brazil PEP list

export function insertImport(ex: Executor, row: Insertable<PeopleImportsTable>) {
  return ex.insertInto('peopleImports').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findImport(ex: Executor, id: string) {
  return ex.selectFrom('peopleImports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateImport(ex: Executor, id: string, patch: Updateable<PeopleImportsTable>) {
  return ex.updateTable('peopleImports').set(patch).where('id', '=', id).execute();
}

/** A page of imports, newest first, with the name of who uploaded each. */
export function listImports(ex: Executor, limit: number, skip: number) {
  return ex
    .selectFrom('peopleImports as i')
    .leftJoin('users as u', 'u.id', 'i.createdBy')
    .selectAll('i')
    .select('u.name as createdByName')
    .orderBy('i.createdAt', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function countImports(ex: Executor) {
  const r = await ex
    .selectFrom('peopleImports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

export function userName(ex: Executor, id: string | null) {
  if (!id) return Promise.resolve(undefined);
  return ex.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
}

export async function insertImportLines(ex: Executor, rows: Insertable<PeopleImportLinesTable>[]) {
  if (!rows.length) return;
  await ex
    .insertInto('peopleImportLines')
    .values(rows)
    .onConflict((oc) => oc.columns(['importId', 'line']).doNothing())
    .execute();
}

/** Removes an import's lines (a job run again starts its report over). */
export function deleteImportLines(ex: Executor, importId: string) {
  return ex.deleteFrom('peopleImportLines').where('importId', '=', importId).execute();
}

export function importLines(ex: Executor, importId: string, status: string | undefined, limit: number, skip: number) {
  let q = ex.selectFrom('peopleImportLines').selectAll().where('importId', '=', importId);
  if (status) q = q.where('status', '=', status as PeopleImportLinesTable['status']);
  return q.orderBy('line').limit(limit).offset(skip).execute();
}

export async function countImportLines(ex: Executor, importId: string, status: string | undefined) {
  let q = ex
    .selectFrom('peopleImportLines')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('importId', '=', importId);
  if (status) q = q.where('status', '=', status as PeopleImportLinesTable['status']);
  return Number((await q.executeTakeFirstOrThrow()).count);
}

// ------------------------------------------------------------ the watcher's questions

type Country = string | undefined;

/** People who entered the register as PEP in a period (status changes from nothing), newest first. */
function enteredQuery(ex: Executor, from: Date, to: Date, country: Country) {
  let q = ex
    .selectFrom('peopleStatusChanges as c')
    .innerJoin('people as p', 'p.id', 'c.personId')
    .where('c.fromStatus', 'is', null)
    // someone registered with an office that ended long ago never was a new PEP
    .where('c.toStatus', 'in', ['direct', 'indirect'])
    .where('c.changedAt', '>=', from)
    .where('c.changedAt', '<', to);
  if (country) q = q.where('p.country', '=', country);
  return q;
}

/** Status changes of people already in the register (from one status to another) in a period. */
function changedQuery(ex: Executor, from: Date, to: Date, country: Country) {
  let q = ex
    .selectFrom('peopleStatusChanges as c')
    .innerJoin('people as p', 'p.id', 'c.personId')
    .where('c.fromStatus', 'is not', null)
    .whereRef('c.fromStatus', '!=', 'c.toStatus')
    .where('c.changedAt', '>=', from)
    .where('c.changedAt', '<', to);
  if (country) q = q.where('p.country', '=', country);
  return q;
}

/** PEPs whose office ended and whose PEP status expires between two days. */
function expiringQuery(ex: Executor, today: string, until: string, country: Country) {
  let q = ex
    .selectFrom('people as p')
    .where('p.registerStatus', 'in', ['direct', 'indirect'])
    .where('p.officeEnd', 'is not', null)
    .where('p.pepExpiration', '>=', today)
    .where('p.pepExpiration', '<=', until);
  if (country) q = q.where('p.country', '=', country);
  return q;
}

const personColumns = [
  'p.id',
  'p.name',
  'p.dni',
  'p.documentType',
  'p.country',
  'p.pepLevel',
  'p.position',
  'p.institution',
  'p.registerStatus',
] as const;
const personDates = [
  sql<string | null>`p.office_end::text`.as('officeEnd'),
  sql<string | null>`p.pep_expiration::text`.as('pepExpiration'),
];

export function entered(ex: Executor, from: Date, to: Date, country: Country, limit: number, skip: number) {
  return enteredQuery(ex, from, to, country)
    .select([...personColumns, ...personDates, 'c.fromStatus', 'c.toStatus', 'c.changedAt'])
    .orderBy('c.changedAt', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .offset(skip)
    .execute();
}

export function changed(ex: Executor, from: Date, to: Date, country: Country, limit: number, skip: number) {
  return changedQuery(ex, from, to, country)
    .select([...personColumns, ...personDates, 'c.fromStatus', 'c.toStatus', 'c.changedAt'])
    .orderBy('c.changedAt', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .offset(skip)
    .execute();
}

export function expiring(ex: Executor, today: string, until: string, country: Country, limit: number, skip: number) {
  return expiringQuery(ex, today, until, country)
    .select([...personColumns, ...personDates, 'p.updatedAt'])
    .orderBy('p.pepExpiration')
    .orderBy('p.id')
    .limit(limit)
    .offset(skip)
    .execute();
}

const countOf = async (q: { executeTakeFirstOrThrow(): Promise<{ count: number | string }> }) =>
  Number((await q.executeTakeFirstOrThrow()).count);

export const countEntered = (ex: Executor, from: Date, to: Date, country: Country) =>
  countOf(enteredQuery(ex, from, to, country).select((eb) => eb.fn.countAll<number>().as('count')));
export const countChanged = (ex: Executor, from: Date, to: Date, country: Country) =>
  countOf(changedQuery(ex, from, to, country).select((eb) => eb.fn.countAll<number>().as('count')));
export const countExpiring = (ex: Executor, today: string, until: string, country: Country) =>
  countOf(expiringQuery(ex, today, until, country).select((eb) => eb.fn.countAll<number>().as('count')));

/** Sets the recorded PEP status (not a change of the person's data: updatedAt stays). */
export function setRegisterStatus(ex: Executor, id: string, status: RegisterStatus) {
  return ex.updateTable('people').set({ registerStatus: status }).where('id', '=', id).execute();
}

export async function setFiles(ex: Executor, id: string, files: unknown[]) {
  await ex
    .updateTable('people')
    .set({ files: JSON.stringify(files), updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findById(ex, id)) as NonNullable<Awaited<ReturnType<typeof findById>>>;
}
