import { nextTurn, normalizeIdentifier } from '@regcheck/screening';
import {
  PersonCreateBody as CreateSchema,
  isPepStatus,
  type Locale,
  PERSON_VIEW_FIELDS,
  type PepCountry,
  type PersonCreateBody,
  type PersonUpdateBody,
  type PersonView,
  pepExpirationFor,
  pepStatusOn,
  translate,
} from '@regcheck/shared';
import { defaultDocumentType, validateDocument } from '@regcheck/shared/documents/country-documents';
import type { Selectable, Updateable } from 'kysely';
import type { PeopleTable, PersonFile } from '../../db/tables/people.tables';
import { type Executor, withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { countWhere, type ListFilterArgs, type Listing, listQuery } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import type { AppDeps, Caller } from '../../plugins/context';
import { mergeKeptChanges, registerChanged, syncRegister, today } from './people.register.service';
import * as repo from './people.repo';

type Row = Selectable<PeopleTable>;

const PEOPLE_FIELDS = fieldsOf(null, {
  id: 'uuid',
  country: 'string',
  dni: 'string',
  name: 'string',
  pepLevel: 'number',
  position: 'string',
  institution: 'string',
  primaryPersonId: 'uuid',
  officeStart: 'date',
  officeEnd: 'date',
  pepExpiration: 'date',
  isActive: 'boolean',
  /** the recorded PEP status: direct, indirect, expired, deactivated */
  pepStatus: { column: 'register_status', type: 'string' },
  documentType: 'string',
  createdAt: 'date',
  updatedAt: 'date',
});

const LISTING: Listing = {
  fields: PEOPLE_FIELDS,
  defaultOrder: 'name asc, id',
  activeWhen: { field: 'isActive', value: true },
};

const notFound = () => new AppError('PERSON_NOT_FOUND');
export const dniKey = (dni: string) => normalizeIdentifier(dni);

const filesOf = (r: Row) => (typeof r.files === 'string' ? JSON.parse(r.files) : (r.files ?? [])) as PersonFile[];

export function toView(r: Row, primaryName: string | null = null): PersonView {
  const pepStatus = pepStatusOn(r, today());
  return {
    id: r.id,
    country: r.country,
    personType: r.personType,
    documentType: r.documentType,
    dni: r.dni,
    name: r.name,
    pepLevel: r.pepLevel,
    position: r.position,
    institution: r.institution,
    officeStart: r.officeStart,
    officeEnd: r.officeEnd,
    primaryPersonId: r.primaryPersonId,
    primaryPersonName: primaryName,
    relation: r.relation,
    pepExpiration: r.pepExpiration,
    isPep: isPepStatus(pepStatus),
    pepStatus,
    nationality: r.nationality,
    gender: r.gender,
    email: r.email,
    phone: r.phone,
    address: r.address,
    isActive: r.isActive,
    files: filesOf(r).map((f) => ({
      name: f.name,
      url: `/api/people/download-files/${f.storedName}`,
      size: f.size ?? null,
      uploadedAt: f.uploadedAt ?? null,
    })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const audited = (r: Row) => ({
  country: r.country,
  dni: r.dni,
  name: r.name,
  pepLevel: r.pepLevel,
  position: r.position,
  institution: r.institution,
  officeStart: r.officeStart,
  officeEnd: r.officeEnd,
  primaryPersonId: r.primaryPersonId,
  relation: r.relation,
  pepExpiration: r.pepExpiration,
  isActive: r.isActive,
});

export async function viewWithPrimary(ex: Executor, r: Row) {
  const primary = r.primaryPersonId ? await repo.findById(ex, r.primaryPersonId) : undefined;
  return toView(r, primary?.name ?? null);
}

/** The document checked against the country (RUT and CPF/CNPJ check digits): 400 naming the field. */
function checkedDocument(country: PepCountry, personType: 'natural' | 'legal', type: string | undefined, dni: string) {
  const documentType = type ?? defaultDocumentType(country, personType);
  const v = validateDocument({ country, personType, type: documentType, value: dni });
  if (!v.valid) {
    if (v.error === 'DOCUMENT_TYPE_NOT_ALLOWED') {
      throw new AppError('DOCUMENT_TYPE_NOT_ALLOWED', {
        field: 'documentType',
        params: { type: documentType, country },
        messageKey: 'operations:errors.DOCUMENT_TYPE_NOT_ALLOWED',
      });
    }
    throw new AppError('DOCUMENT_INVALID', {
      field: 'dni',
      params: { dni },
      messageKey: 'operations:errors.DOCUMENT_INVALID',
    });
  }
  return { documentType, dni: v.formatted || dni, key: dniKey(v.normalized || dni) };
}

function checkOffice(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start) throw new AppError('PERSON_OFFICE_END_BEFORE_START', { field: 'officeEnd' });
}

/**
 * The expiration: a primary PEP's from the country's rule and the end of office; a related person's is the
 * primary's (the relative or associate is covered while the primary is PEP).
 */
async function expirationOf(
  ex: Executor,
  p: { country: PepCountry; pepLevel: 1 | 2; officeEnd: string | null; primaryPersonId: string | null },
) {
  if (p.pepLevel === 2 && p.primaryPersonId) {
    const primary = await repo.findById(ex, p.primaryPersonId);
    return primary?.pepExpiration ?? null;
  }
  return pepExpirationFor(p.country, p.officeEnd);
}

/** A level 2 person needs an active primary (level 1) PEP; a level 1 person has none. */
async function checkPrimary(ex: Executor, level: 1 | 2, primaryId: string | null, selfId?: string) {
  if (level === 1) {
    if (primaryId) throw new AppError('PERSON_PRIMARY_INVALID', { field: 'primaryPersonId' });
    return;
  }
  if (!primaryId) throw new AppError('PERSON_PRIMARY_REQUIRED', { field: 'primaryPersonId' });
  const primary = await repo.findById(ex, primaryId);
  if (primary?.pepLevel !== 1 || primary.id === selfId || !primary.isActive) {
    throw new AppError('PERSON_PRIMARY_INVALID', { field: 'primaryPersonId' });
  }
}

/** Related people follow their primary's expiration when it changes (an edit, or an import of the Brazil list). */
export async function cascadeExpiration(ex: Executor, caller: Caller, primary: Row) {
  for (const rel of await repo.relatedOf(ex, primary.id)) {
    if (rel.pepExpiration === primary.pepExpiration) continue;
    const after = await repo.update(ex, rel.id, { pepExpiration: primary.pepExpiration });
    await audit(ex, caller, {
      action: 'person.updated',
      entity: 'person',
      id: rel.id,
      before: audited(rel),
      after: audited(after),
    });
  }
}

/**
 * Inserts a person with the checks of the register (document, office dates, primary, duplicate), the status
 * change, the audit row and the register list's entry, in the caller's transaction. `doc` is a document already
 * checked elsewhere (the import's masked CPF); `cause` names the status change (created, imported).
 */
export async function insertPerson(
  ex: Executor,
  caller: Caller,
  b: PersonCreateBody,
  opts: {
    doc?: { documentType: string; dni: string; key: string };
    cause?: string;
    /** false: the caller brings the register list in step for many people at once (an import's batch) */
    sync?: boolean;
    /** the end of PEP status a source gives (the Portal's end of grace period), instead of the country's rule */
    pepExpiration?: string | null;
  } = {},
) {
  const cause = opts.cause ?? 'created';
  const doc = opts.doc ?? checkedDocument(b.country, b.personType, b.documentType, b.dni);
  checkOffice(b.officeStart, b.officeEnd);
  await checkPrimary(ex, b.pepLevel, b.primaryPersonId ?? null);
  if (await repo.findByDniKey(ex, doc.key, b.country)) {
    throw new AppError('PERSON_DUPLICATE', { field: 'dni', params: { dni: doc.dni } });
  }
  const pepExpiration =
    opts.pepExpiration !== undefined
      ? opts.pepExpiration
      : await expirationOf(ex, {
          country: b.country,
          pepLevel: b.pepLevel,
          officeEnd: b.officeEnd ?? null,
          primaryPersonId: b.primaryPersonId ?? null,
        });
  const row = await repo.insert(ex, {
    country: b.country,
    personType: b.personType,
    documentType: doc.documentType,
    dni: doc.dni,
    dniKey: doc.key,
    name: b.name,
    pepLevel: b.pepLevel,
    position: b.position ?? null,
    institution: b.institution ?? null,
    officeStart: b.officeStart ?? null,
    officeEnd: b.officeEnd ?? null,
    primaryPersonId: b.primaryPersonId ?? null,
    relation: b.relation ?? null,
    pepExpiration,
    nationality: b.nationality ?? null,
    gender: b.gender ?? null,
    email: b.email ?? null,
    phone: b.phone ?? null,
    address: b.address ?? null,
    createdBy: caller.auth.userId,
    registerStatus: pepStatusOn({ isActive: true, pepExpiration, pepLevel: b.pepLevel }, today()),
  });
  await repo.insertStatusChange(ex, {
    personId: row.id,
    fromStatus: null,
    toStatus: row.registerStatus,
    cause,
    changedBy: caller.auth.userId,
  });
  await audit(ex, caller, { action: 'person.created', entity: 'person', id: row.id, after: audited(row) });
  const change = opts.sync === false ? null : await syncRegister(ex, caller, [row.id], cause);
  return { row, change };
}

export async function list(deps: AppDeps, _caller: Caller, f: ListFilterArgs) {
  const q = listQuery(LISTING, f);
  return withSystem(deps.db, async (trx) => {
    const rows = await repo.list(trx, q);
    const names = await repo.namesOf(trx, [...new Set(rows.flatMap((r) => r.primaryPersonId ?? []))]);
    return rows.map((r) => toView(r, r.primaryPersonId ? (names.get(r.primaryPersonId) ?? null) : null));
  });
}

export function count(deps: AppDeps, _caller: Caller, where: Record<string, unknown> | undefined) {
  const w = countWhere(LISTING, where);
  return withSystem(deps.db, (trx) => repo.count(trx, w));
}

/**
 * GET /people/{id}, with the LoopBack field filter (`fields`: an object of booleans or a list of names): only the
 * fields asked for, and the id; an unknown field is a 400 naming it.
 */
export async function get(deps: AppDeps, _caller: Caller, id: string, fields?: Record<string, boolean> | string[]) {
  const view = await withSystem(deps.db, async (trx) => {
    const r = await repo.findById(trx, id);
    if (!r) throw notFound();
    return viewWithPrimary(trx, r);
  });
  return fields === undefined ? view : pickFields(view, fields);
}

function pickFields(view: PersonView, fields: Record<string, boolean> | string[]) {
  const asked = Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, true])) : fields;
  for (const k of Object.keys(asked))
    if (!(PERSON_VIEW_FIELDS as string[]).includes(k))
      throw new AppError('VALIDATION_ERROR', {
        field: `filter.fields.${k}`,
        params: { field: `filter.fields.${k}`, reason: `unknown field '${k}'` },
      });
  const included = Object.entries(asked)
    .filter(([, v]) => v !== false)
    .map(([k]) => k);
  const excluded = new Set(
    Object.entries(asked)
      .filter(([, v]) => v === false)
      .map(([k]) => k),
  );
  // LoopBack: naming fields with true keeps only those; naming only false ones drops those
  const keep = included.length
    ? new Set([...included, 'id'])
    : new Set(PERSON_VIEW_FIELDS.filter((k) => !excluded.has(k) || k === 'id'));
  return Object.fromEntries(Object.entries(view).filter(([k]) => keep.has(k))) as Partial<PersonView> & { id: string };
}

export function getByDni(deps: AppDeps, _caller: Caller, dni: string, country?: string) {
  return withSystem(deps.db, async (trx) => {
    const r = await repo.findByDniKey(trx, dniKey(dni), country);
    if (!r) throw notFound();
    return viewWithPrimary(trx, r);
  });
}

/** The person of a document who is PEP today if any, else its latest one; and whether it is PEP today. */
async function pepOfDocument(ex: Executor, dni: string, country?: string) {
  const all = (await repo.findAllByDniKey(ex, dniKey(dni))).filter((r) => !country || r.country === country);
  const pep = all.find((r) => isPepStatus(pepStatusOn(r, today()))) ?? all[0];
  return { pep, isPep: pep ? isPepStatus(pepStatusOn(pep, today())) : false };
}

/** Whether a document belongs to a person who is PEP today (active and not past the expiration). */
export function checkIfIsPep(deps: AppDeps, _caller: Caller, dni: string, country?: string) {
  return withSystem(deps.db, async (trx) => {
    const { pep, isPep } = await pepOfDocument(trx, dni, country);
    return { isPep, person: pep ? await viewWithPrimary(trx, pep) : null };
  });
}

/** check-person: the same answer as check-if-is-pep, with the check itself recorded in the audit log. */
export function checkPerson(deps: AppDeps, caller: Caller, dni: string, country?: string) {
  return withSystem(deps.db, async (trx) => {
    const { pep, isPep } = await pepOfDocument(trx, dni, country);
    await audit(trx, caller, {
      action: 'person.checked',
      entity: 'person',
      id: pep?.id ?? null,
      after: { dni, country: country ?? null, isPep },
    });
    return { isPep, person: pep ? await viewWithPrimary(trx, pep) : null };
  });
}

export async function create(deps: AppDeps, caller: Caller, b: PersonCreateBody) {
  const { view, change } = await withSystem(deps.db, async (trx) => {
    const { row, change } = await insertPerson(trx, caller, b);
    return { view: await viewWithPrimary(trx, row), change };
  });
  await registerChanged([change]);
  return view;
}

/** Many people at once; each bad item is reported by index and field, the good ones are created. */
export async function massive(deps: AppDeps, caller: Caller, items: unknown[], locale: Locale) {
  const errors: { index: number; field: string | null; code: string; message: string }[] = [];
  let created = 0;
  const changes: Awaited<ReturnType<typeof syncRegister>>[] = [];
  for (const [index, raw] of items.entries()) {
    if (index % 20 === 19) await nextTurn();
    const parsed = CreateSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'item';
      errors.push({
        index,
        field,
        code: 'VALIDATION_ERROR',
        message: translate(locale, 'VALIDATION_ERROR', { field, reason: issue?.message ?? 'invalid' }),
      });
      continue;
    }
    try {
      // one transaction per item: a refused item leaves nothing behind and does not undo the others
      const { change } = await withSystem(deps.db, (trx) => insertPerson(trx, caller, parsed.data));
      changes.push(change);
      created++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      errors.push({
        index,
        field: e.field ?? null,
        code: e.code,
        message: translate(locale, e.messageKey ?? e.code, e.params),
      });
    }
  }
  // the index is told once, whatever the number of items (one change per item would rebuild it each time)
  await registerChanged([mergeKeptChanges(changes)]);
  return { created, errors };
}

export async function patch(deps: AppDeps, caller: Caller, id: string, b: PersonUpdateBody) {
  const { view, change } = await withSystem(deps.db, async (trx) => {
    const before = await repo.findById(trx, id);
    if (!before) throw notFound();
    const next = {
      pepLevel: b.pepLevel ?? before.pepLevel,
      officeStart: b.officeStart === undefined ? before.officeStart : b.officeStart,
      officeEnd: b.officeEnd === undefined ? before.officeEnd : b.officeEnd,
      primaryPersonId: b.primaryPersonId === undefined ? before.primaryPersonId : b.primaryPersonId,
    };
    if (next.pepLevel === 1 && b.primaryPersonId === undefined) next.primaryPersonId = null;
    checkOffice(next.officeStart, next.officeEnd);
    await checkPrimary(trx, next.pepLevel, next.primaryPersonId, id);
    const update: Updateable<PeopleTable> = { ...b, ...next };
    // computed again when what it follows changes; otherwise kept (an import may have set it from the Portal's
    // end of grace period, which an edit of another field must not undo: decision 131)
    if (
      next.pepLevel !== before.pepLevel ||
      next.officeEnd !== before.officeEnd ||
      next.primaryPersonId !== before.primaryPersonId
    )
      update.pepExpiration = await expirationOf(trx, { country: before.country as PepCountry, ...next });
    const after = await repo.update(trx, id, update);
    await audit(trx, caller, {
      action: 'person.updated',
      entity: 'person',
      id,
      before: audited(before),
      after: audited(after),
    });
    if (after.pepLevel === 1 && after.pepExpiration !== before.pepExpiration)
      await cascadeExpiration(trx, caller, after);
    // the person's entry and, for a primary PEP, those of the related people (they carry its name and expiration)
    const related = after.pepLevel === 1 ? (await repo.relatedOf(trx, id)).map((r) => r.id) : [];
    const change = await syncRegister(trx, caller, [id, ...related], 'updated');
    return { view: await viewWithPrimary(trx, after), change };
  });
  await registerChanged([change]);
  return view;
}

/** Takes the person off the register (kept for the audit trail); 404 when not there, 409 when already off. */
export async function deactivatePep(deps: AppDeps, caller: Caller, id: string) {
  const { view, change } = await withSystem(deps.db, async (trx) => {
    const before = await repo.findById(trx, id);
    if (!before) throw notFound();
    if (!before.isActive) throw new AppError('PERSON_ALREADY_INACTIVE');
    const after = await repo.update(trx, id, {
      isActive: false,
      deactivatedAt: new Date(),
      deactivatedBy: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'person.deactivated',
      entity: 'person',
      id,
      before: audited(before),
      after: audited(after),
    });
    const change = await syncRegister(trx, caller, [id], 'deactivated');
    return { view: await viewWithPrimary(trx, after), change };
  });
  await registerChanged([change]);
  return view;
}
