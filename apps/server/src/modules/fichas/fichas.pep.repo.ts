import { PEP_JOINT_OWNERSHIP_RELATION_TYPES, PEP_RELATION_TYPES } from '@regcheck/shared';
import { sql } from 'kysely';
import { tenantUpdate } from '../../db/crud';
import type { Executor } from '../../db/tenant';

/*
 * What the PEP status of fichas is derived from (fichas.pep.ts, decision 170): register people by document key or by
 * an officer's confirmation, signed PEP forms, PEP relations; and the fichas the jobs recompute.
 */

/** A register person as a source, with the primary's office for a related (level 2) person. */
export interface RegisterSourceRow {
  id: string;
  country: string;
  dniKey: string;
  name: string;
  pepLevel: number;
  position: string | null;
  institution: string | null;
  officeStart: string | null;
  officeEnd: string | null;
  pepExpiration: string | null;
  relation: string | null;
  primaryName: string | null;
  primaryPosition: string | null;
  primaryInstitution: string | null;
  primaryOfficeStart: string | null;
  primaryOfficeEnd: string | null;
}

function registerQuery(db: Executor) {
  return db
    .selectFrom('people as p')
    .leftJoin('people as pr', 'pr.id', 'p.primaryPersonId')
    .select([
      'p.id',
      'p.country',
      'p.dniKey',
      'p.name',
      'p.pepLevel',
      'p.position',
      'p.institution',
      sql<string | null>`p.office_start::text`.as('officeStart'),
      sql<string | null>`p.office_end::text`.as('officeEnd'),
      sql<string | null>`p.pep_expiration::text`.as('pepExpiration'),
      'p.relation',
      'pr.name as primaryName',
      'pr.position as primaryPosition',
      'pr.institution as primaryInstitution',
      sql<string | null>`pr.office_start::text`.as('primaryOfficeStart'),
      sql<string | null>`pr.office_end::text`.as('primaryOfficeEnd'),
    ])
    .where('p.isActive', '=', true);
}

/** Active register people whose document key is one of these. */
export function registerByDniKeys(db: Executor, keys: string[]): Promise<RegisterSourceRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return registerQuery(db).where('p.dniKey', 'in', keys).execute() as Promise<RegisterSourceRow[]>;
}

/** Active register people an officer confirmed for these fichas, by ficha. */
export async function confirmedRegister(db: Executor, companyId: string, fichaIds: string[]) {
  const out = new Map<string, RegisterSourceRow[]>();
  if (!fichaIds.length) return out;
  const links = await db
    .selectFrom('fichaPepConfirmations')
    .select(['fichaId', 'personId'])
    .where('companyId', '=', companyId)
    .where('fichaId', 'in', fichaIds)
    .execute();
  if (!links.length) return out;
  const people = (await registerQuery(db)
    .where(
      'p.id',
      'in',
      links.map((l) => l.personId),
    )
    .execute()) as RegisterSourceRow[];
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const l of links) {
    const p = byId.get(l.personId);
    if (p) out.set(l.fichaId, [...(out.get(l.fichaId) ?? []), p]);
  }
  return out;
}

/** The newest signed, active PEP form of each of these fichas (by ficha id, or by the same document). */
export async function signedPepForms(db: Executor, companyId: string, fichas: { id: string; dni: string }[]) {
  const out = new Map<string, { id: string; data: unknown; signedAt: Date | string | null }>();
  if (!fichas.length) return out;
  const ids = fichas.map((f) => f.id);
  const dnis = [...new Set(fichas.map((f) => f.dni))];
  const rows = await db
    .selectFrom('forms')
    .select(['id', 'fichaId', 'dni', 'data', 'signedAt'])
    .where('companyId', '=', companyId)
    .where('type', '=', 'formPep')
    .where('status', '=', 'signed')
    .where('isActive', '=', true)
    .where((eb) => eb.or([eb('fichaId', 'in', ids), eb('dni', 'in', dnis)]))
    .orderBy('signedAt', 'desc')
    .execute();
  for (const f of fichas) {
    const form = rows.find((r) => r.fichaId === f.id) ?? rows.find((r) => r.fichaId === null && r.dni === f.dni);
    if (form) out.set(f.id, { id: form.id, data: form.data, signedAt: form.signedAt });
  }
  return out;
}

/** An active ficha tied to one of these by an active PEP relation (spouse, relative, associate), either direction. */
/** The other person of a PEP tie: who they are (for their name) and their stored PEP end and detail. */
interface PepTiedPerson {
  otherId: string;
  personType: 'natural' | 'legal';
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
  pepExpiration: Date | string | null;
  pepDetail: unknown;
}

export interface PepRelationRow extends PepTiedPerson {
  ownId: string;
  relationType: string;
  pepStatus: 'direct' | 'consanguineous' | null;
}

export async function pepRelations(db: Executor, companyId: string, fichaIds: string[]) {
  const out = new Map<string, PepRelationRow[]>();
  if (!fichaIds.length) return out;
  const types = [...PEP_RELATION_TYPES];
  const rels = await db
    .selectFrom('fichaRelationships')
    .select(['fichaId', 'relatedFichaId', 'relationType'])
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .where('relationType', 'in', types)
    .where((eb) => eb.or([eb('fichaId', 'in', fichaIds), eb('relatedFichaId', 'in', fichaIds)]))
    .execute();
  const asked = new Set(fichaIds);
  const pairs: { ownId: string; otherId: string; relationType: string }[] = [];
  for (const r of rels) {
    if (asked.has(r.fichaId)) pairs.push({ ownId: r.fichaId, otherId: r.relatedFichaId, relationType: r.relationType });
    if (asked.has(r.relatedFichaId))
      pairs.push({ ownId: r.relatedFichaId, otherId: r.fichaId, relationType: r.relationType });
  }
  const others = [...new Set(pairs.map((p) => p.otherId))];
  if (!others.length) return out;
  const rows = await db
    .selectFrom('fichas')
    .select([
      'id',
      'personType',
      'name',
      'fatherName',
      'motherName',
      'socialReason',
      'pepStatus',
      'pepExpiration',
      'pepDetail',
    ])
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .where('id', 'in', others)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const p of pairs) {
    const f = byId.get(p.otherId);
    if (!f || f.id === p.ownId) continue;
    out.set(p.ownId, [
      ...(out.get(p.ownId) ?? []),
      { ...p, ...f, pepStatus: f.pepStatus as PepRelationRow['pepStatus'] } as PepRelationRow,
    ]);
  }
  return out;
}

/** The fichas of a company tied by a PEP relation to these (either direction): whose status may follow theirs. */
export async function pepRelationNeighbours(db: Executor, companyId: string, fichaIds: string[]): Promise<string[]> {
  if (!fichaIds.length) return [];
  const rels = await db
    .selectFrom('fichaRelationships')
    .select(['fichaId', 'relatedFichaId'])
    .where('companyId', '=', companyId)
    .where('relationType', 'in', [...PEP_RELATION_TYPES])
    .where((eb) => eb.or([eb('fichaId', 'in', fichaIds), eb('relatedFichaId', 'in', fichaIds)]))
    .execute();
  const asked = new Set(fichaIds);
  const out = new Set<string>();
  for (const r of rels) {
    if (!asked.has(r.fichaId)) out.add(r.fichaId);
    if (!asked.has(r.relatedFichaId)) out.add(r.relatedFichaId);
  }
  return [...out];
}

/**
 * Brazil's joint ownership (decision 196): for each of these fichas, the direct PEPs (natural persons whose stored
 * status is `direct`) who hold, directly and actively, a legal person the ficha also holds directly and actively
 * (partner, beneficiary or effective control: `PEP_JOINT_OWNERSHIP_RELATION_TYPES`), with that legal person's name.
 * The legal person and both persons are active fichas of the company.
 */
export interface JointOwnerRow extends PepTiedPerson {
  ownId: string;
  legalId: string;
  legalName: string | null;
}

export async function pepJointOwners(db: Executor, companyId: string, fichaIds: string[]) {
  const out = new Map<string, JointOwnerRow[]>();
  if (!fichaIds.length) return out;
  const types = [...PEP_JOINT_OWNERSHIP_RELATION_TYPES];
  const rows = await db
    .selectFrom('fichaRelationships as mine')
    .innerJoin('fichas as l', (j) => j.onRef('l.id', '=', 'mine.fichaId').onRef('l.companyId', '=', 'mine.companyId'))
    .innerJoin('fichaRelationships as theirs', (j) =>
      j.onRef('theirs.fichaId', '=', 'mine.fichaId').onRef('theirs.companyId', '=', 'mine.companyId'),
    )
    .innerJoin('fichas as o', (j) =>
      j.onRef('o.id', '=', 'theirs.relatedFichaId').onRef('o.companyId', '=', 'theirs.companyId'),
    )
    .select([
      'mine.relatedFichaId as ownId',
      'l.id as legalId',
      'l.socialReason as legalName',
      'o.id as otherId',
      'o.name',
      'o.fatherName',
      'o.motherName',
      'o.socialReason',
      'o.personType',
      'o.pepExpiration',
      'o.pepDetail',
    ])
    .where('mine.companyId', '=', companyId)
    .where('mine.relatedFichaId', 'in', fichaIds)
    .where('mine.status', '=', 'active')
    .where('mine.relationType', 'in', types)
    .where('l.status', '=', 'active')
    .where('l.personType', '=', 'legal')
    .where('theirs.status', '=', 'active')
    .where('theirs.relationType', 'in', types)
    .whereRef('theirs.relatedFichaId', '<>', 'mine.relatedFichaId')
    .where('o.status', '=', 'active')
    .where('o.personType', '=', 'natural')
    .where('o.pepStatus', '=', 'direct')
    .orderBy('l.id')
    .orderBy('o.id')
    .execute();
  const seen = new Set<string>();
  for (const r of rows) {
    // one source per legal person and PEP, whatever the number of relations between them
    const key = `${r.ownId}|${r.legalId}|${r.otherId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.set(r.ownId, [...(out.get(r.ownId) ?? []), r as JointOwnerRow]);
  }
  return out;
}

/**
 * The natural persons that hold (partner, beneficiary, effective control; active) these legal persons, or that hold a
 * legal person together with these fichas: whose joint-ownership status may follow a change of them (decision 196).
 */
export async function jointOwnershipNeighbours(
  db: Executor,
  companyId: string,
  opts: { holdersOf?: string[]; coHoldersOf?: string[] },
): Promise<string[]> {
  const types = [...PEP_JOINT_OWNERSHIP_RELATION_TYPES];
  const out = new Set<string>();
  if (opts.holdersOf?.length) {
    const rows = await db
      .selectFrom('fichaRelationships as r')
      .innerJoin('fichas as f', (j) =>
        j.onRef('f.id', '=', 'r.relatedFichaId').onRef('f.companyId', '=', 'r.companyId'),
      )
      .select('r.relatedFichaId')
      .where('r.companyId', '=', companyId)
      .where('r.fichaId', 'in', opts.holdersOf)
      .where('r.status', '=', 'active')
      .where('r.relationType', 'in', types)
      .where('f.personType', '=', 'natural')
      .execute();
    for (const r of rows) out.add(r.relatedFichaId);
  }
  if (opts.coHoldersOf?.length) {
    const rows = await db
      .selectFrom('fichaRelationships as mine')
      .innerJoin('fichaRelationships as theirs', (j) =>
        j.onRef('theirs.fichaId', '=', 'mine.fichaId').onRef('theirs.companyId', '=', 'mine.companyId'),
      )
      .innerJoin('fichas as f', (j) =>
        j.onRef('f.id', '=', 'theirs.relatedFichaId').onRef('f.companyId', '=', 'theirs.companyId'),
      )
      .select('theirs.relatedFichaId')
      .where('mine.companyId', '=', companyId)
      .where('mine.relatedFichaId', 'in', opts.coHoldersOf)
      .where('mine.status', '=', 'active')
      .where('mine.relationType', 'in', types)
      .where('theirs.status', '=', 'active')
      .where('theirs.relationType', 'in', types)
      .where('f.personType', '=', 'natural')
      .execute();
    const asked = new Set(opts.coHoldersOf);
    for (const r of rows) if (!asked.has(r.relatedFichaId)) out.add(r.relatedFichaId);
  }
  return [...out];
}

/** Writes the derived status of one ficha. */
export function storePep(
  db: Executor,
  companyId: string,
  fichaId: string,
  v: {
    pepStatus: 'direct' | 'consanguineous' | null;
    pepLevel: number | null;
    pepExpiration: Date | null;
    pepDetail: string;
  },
) {
  return tenantUpdate(db, 'fichas', companyId, v).where('id', '=', fichaId).execute();
}

/** `storePep` for several fichas in one statement (a bulk load's batch stores the status of each new ficha). */
export async function storePeps(
  db: Executor,
  companyId: string,
  rows: {
    fichaId: string;
    pepStatus: 'direct' | 'consanguineous' | null;
    pepLevel: number | null;
    pepExpiration: Date | null;
    pepDetail: string;
  }[],
) {
  if (!rows.length) return;
  if (rows.length === 1) {
    const [{ fichaId, ...v }] = rows as [(typeof rows)[number]];
    await storePep(db, companyId, fichaId, v);
    return;
  }
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.fichaId}::uuid, ${r.pepStatus}::text, ${r.pepLevel}::integer, ${r.pepExpiration}::timestamptz, ${r.pepDetail}::jsonb)`,
    ),
  );
  await sql`
    update fichas f set pep_status = v.pep_status, pep_level = v.pep_level, pep_expiration = v.pep_expiration,
      pep_detail = v.pep_detail
    from (values ${values}) as v(id, pep_status, pep_level, pep_expiration, pep_detail)
    where f.company_id = ${companyId} and f.id = v.id`.execute(db);
}

/** Active fichas whose stored PEP status has ended before `today`, or was never computed (a page of ids). */
export async function fichasToRecompute(db: Executor, companyId: string, today: string, limit: number) {
  const rows = await db
    .selectFrom('fichas')
    .select('id')
    .where('companyId', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('pepDetail', 'is', null),
        eb.and([eb('pepStatus', 'is not', null), eb('pepExpiration', '<', new Date(`${today}T00:00:00Z`))]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The document key of a ficha: the expression of the index `fichas_dni_key_idx` (migration 0730). */
const FICHA_DNI_KEY = sql<string>`upper(regexp_replace(dni, '[^0-9A-Za-z*]', '', 'g'))`;

/**
 * The fichas, in every company, whose document key (the register's `dni_key`: the document without separators, upper
 * case) is one of these. System work (decision 192): a register change belongs to no company, and the lookup runs
 * once as the owner, where the key is an index condition of `fichas_dni_key_idx`; under the application role the
 * row-level security policy keeps a non-leakproof expression out of the index condition, so each company's fichas
 * were all read. Active or not: a ficha in the trash is recomputed too, as before.
 */
export function fichasByDniKeysQuery(db: Executor, dniKeys: string[]) {
  return db.selectFrom('fichas').select(['companyId', 'id']).where(FICHA_DNI_KEY, 'in', dniKeys);
}

/**
 * The fichas, by company, whose document key is one of these or that an officer confirmed as one of these people
 * (system work: run with `withSystem`).
 */
export async function fichasOfPeopleEverywhere(db: Executor, dniKeys: string[], personIds: string[]) {
  const out = new Map<string, Set<string>>();
  const add = (companyId: string, id: string) => out.set(companyId, (out.get(companyId) ?? new Set()).add(id));
  if (dniKeys.length) for (const r of await fichasByDniKeysQuery(db, dniKeys).execute()) add(r.companyId, r.id);
  if (personIds.length) {
    const rows = await db
      .selectFrom('fichaPepConfirmations')
      .select(['companyId', 'fichaId'])
      .where('personId', 'in', personIds)
      .execute();
    for (const r of rows) add(r.companyId, r.fichaId);
  }
  return new Map([...out].map(([c, ids]) => [c, [...ids]]));
}

/** Register people by id (any state: a deactivated one's fichas are recomputed too), their document keys. */
export function peopleKeys(db: Executor, personIds: string[]) {
  if (!personIds.length) return Promise.resolve([]);
  return db.selectFrom('people').select(['id', 'dniKey']).where('id', 'in', personIds).execute();
}

/** Companies that have at least one ficha (the register is the platform's: its changes reach every company). */
export async function companiesWithFichas(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('companies').select('id').execute();
  return rows.map((r) => r.id);
}

export function insertConfirmation(
  db: Executor,
  row: { companyId: string; fichaId: string; personId: string; confirmedBy: string | null },
) {
  return db
    .insertInto('fichaPepConfirmations')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function deleteConfirmation(db: Executor, companyId: string, fichaId: string, personId: string) {
  return db
    .deleteFrom('fichaPepConfirmations')
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .where('personId', '=', personId)
    .executeTakeFirst();
}

export function personById(db: Executor, personId: string) {
  return registerQuery(db).where('p.id', '=', personId).executeTakeFirst() as Promise<RegisterSourceRow | undefined>;
}
