import {
  carriesOwnership,
  type FichaListasT,
  type RelationshipCreateBody,
  type RelationshipPatchBody,
} from '@regcheck/shared';
import { isOwnershipPercentage, validatePercentage } from '@regcheck/shared/format/index';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables';
import type { FichaRow, RelationshipRow } from '../../db/tables/fichas.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit, auditMany } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichasData from '../fichas';
import {
  create as createFicha,
  dniCandidates,
  dniDisplay,
  fichaError,
  fullNameOf,
  recalculateManyWithParents,
  recalculateWithParents,
  refreshRelationEnd,
  refreshRelationEnds,
  resolveDate,
  resolveDocument,
} from '../fichas';
import * as repo from './relationships.repo';

/*
 * The relationships of a ficha (its related persons): create one or several legal representatives, read, change
 * and end them, each audited with the ficha's risk rated again. The beneficial owners and the automatic relations
 * read these rows in relationships.beneficial-owners.ts and relationships.automatic.ts.
 */

type CreateBody = z.output<typeof RelationshipCreateBody>;
type PatchBody = z.output<typeof RelationshipPatchBody>;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Participation: 0 to 100 with up to 2 decimals and a dot. For relation types that carry ownership (partners,
 * beneficiary, both) it must also be greater than 1 and less than 100 (spec 000 §5), and partners need one.
 */
export function checkParticipation(value: unknown, relationType: string, field = 'participation'): number | null {
  if (value === null || value === undefined || value === '') {
    if (relationType === 'partners') throw fichaError('PERCENTAGE_REQUIRED', { field });
    return null;
  }
  const v = validatePercentage(value as string | number);
  if (!v.valid) throw fichaError(v.error, { field });
  if (carriesOwnership(relationType) && !isOwnershipPercentage(v.value))
    throw fichaError('OWNERSHIP_PERCENTAGE', { field });
  return v.value;
}

export function toRelationshipView(r: RelationshipRow, related?: FichaRow) {
  const t = related ? (json<{ document?: string }>(related.dniType) ?? {}) : {};
  return {
    id: r.id,
    fichaId: r.fichaId,
    relatedFichaId: r.relatedFichaId,
    relationType: r.relationType,
    participation: r.participation === null ? null : Number(r.participation),
    amount: r.amount === null ? null : Number(r.amount),
    extractDate: r.extractDate ? new Date(r.extractDate).toISOString() : null,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    related: related
      ? {
          relationshipId: r.id,
          relationType: r.relationType,
          participation: r.participation === null ? null : Number(r.participation),
          fichaId: related.id,
          dni: related.dni,
          dniFormatted: dniDisplay(related.dni, t.document ?? ''),
          personType: related.personType,
          fullName: fullNameOf(related),
          risk: related.risk,
          listasTotal: Number(related.listasTotal ?? 0),
        }
      : undefined,
  };
}

/** A legal person is related as a partner only. */
export function assertPersonTypeAllowed(personType: string, relationType: string, field = '') {
  if (personType === 'legal' && relationType !== 'partners')
    throw fichaError('LEGAL_PERSON_NOT_ALLOWED', { field: `${field}personType` });
}

/** The related person: an existing ficha by id, or the company's ficha with that document, or a new ficha. */
async function resolveRelated(
  deps: AppDeps,
  caller: TenantCaller,
  trx: Transaction<Database>,
  parent: FichaRow,
  b: Omit<CreateBody, 'fichaId'>,
  field: string,
  /** listas of a new related person screened before the caller's transaction opened (a bulk load's batch) */
  screened?: FichaListasT,
): Promise<{ row: FichaRow; created: boolean }> {
  if (b.relatedFichaId) {
    const row = await fichasData.readFicha(trx, caller.companyId, b.relatedFichaId);
    if (row?.status !== 'active') throw fichaError('FICHA_NOT_FOUND', { field: `${field}relatedFichaId` });
    if (row.id === parent.id || row.dni === parent.dni)
      throw fichaError('RELATED_SAME_DNI', { field: `${field}relatedFichaId` });
    assertPersonTypeAllowed(row.personType, b.relationType, field);
    return { row, created: false };
  }
  const personType = b.personType ?? 'natural';
  assertPersonTypeAllowed(personType, b.relationType, field);
  if (!b.dni?.trim()) throw fichaError('DOCUMENT_REQUIRED', { field: `${field}dni` });
  const { dni } = resolveDocument(
    { dni: b.dni, dniType: { country: b.countryDocument ?? b.country ?? undefined, document: b.documentType } },
    personType,
    caller.auth.company?.country,
    `${field}dni`,
  );
  if (dni === parent.dni) throw fichaError('RELATED_SAME_DNI', { field: `${field}dni` });
  const existing = await fichasData.readActiveFichasByDni(trx, caller.companyId, dniCandidates(dni));
  const other = existing.find((r) => r.personType !== personType);
  if (other && !existing.some((r) => r.personType === personType))
    throw fichaError('FICHA_DNI_OTHER_PERSON_TYPE', {
      field: `${field}dni`,
      params: { dni, personType: other.personType },
    });
  const same = existing.find((r) => r.personType === personType);
  if (same) return { row: same, created: false };
  const made = await createFicha(
    deps,
    caller,
    {
      personType,
      dni: b.dni,
      dniType: {
        country: b.countryDocument ?? b.country ?? caller.auth.company?.country ?? 'CL',
        document: b.documentType,
      },
      name: personType === 'natural' ? (b.name ?? b.names ?? null) : null,
      fatherName: b.fatherName ?? null,
      motherName: b.motherName ?? null,
      socialReason: personType === 'legal' ? (b.socialReason ?? b.name ?? b.names ?? null) : null,
      nationality: b.country ?? null,
    },
    trx,
    screened,
  );
  return { row: made, created: true };
}

/** 'both' stands for representant and beneficiary: adding one of them next to 'both' (or vice versa) is a repeat. */
async function assertNotRepeated(
  trx: Executor,
  caller: TenantCaller,
  parentId: string,
  relatedId: string,
  type: string,
  exceptId?: string,
) {
  const same = await repo.findActiveRelationship(trx, caller.companyId, parentId, relatedId, type);
  if (same && same.id !== exceptId) throw fichaError('RELATIONSHIP_EXISTS');
  const overlapping =
    type === 'both'
      ? ['representant', 'beneficiary']
      : type === 'representant' || type === 'beneficiary'
        ? ['both']
        : [];
  for (const t of overlapping) {
    const r = await repo.findActiveRelationship(trx, caller.companyId, parentId, relatedId, t);
    if (r && r.id !== exceptId) throw fichaError('PERSON_ALREADY_ADDED');
  }
}

async function createIn(
  deps: AppDeps,
  caller: TenantCaller,
  trx: Transaction<Database>,
  b: CreateBody,
  field = '',
  screened?: FichaListasT,
) {
  const parent = await fichasData.readFicha(trx, caller.companyId, b.fichaId);
  if (parent?.status !== 'active') throw fichaError('FICHA_NOT_FOUND', { field: `${field}fichaId` });
  const participation = checkParticipation(b.participation, b.relationType, `${field}participation`);
  const { row: related, created: createdRelated } = await resolveRelated(deps, caller, trx, parent, b, field, screened);
  await assertNotRepeated(trx, caller, parent.id, related.id, b.relationType);
  const row = await repo.insertRelationship(trx, {
    companyId: caller.companyId,
    fichaId: parent.id,
    relatedFichaId: related.id,
    relationType: b.relationType,
    participation,
    amount: b.amount ?? null,
    extractDate: resolveDate(b.extractDate, `${field}extractDate`),
    createdBy: caller.auth.userId,
    updatedBy: caller.auth.userId,
  });
  await audit(trx, caller, {
    action: 'ficha.relationship.created',
    entity: 'fichaRelationship',
    id: row.id,
    // with the related person, so that the ficha's history names them
    after: toRelationshipView(row, related),
  });
  return { row, related, createdRelated };
}

function generic<T>(p: Promise<T>): Promise<T> {
  return p.catch((err) => {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === '23505') throw fichaError('RELATIONSHIP_EXISTS');
    throw fichaError('RELATIONSHIP_CREATE_FAILED');
  });
}

/** POST /ficha-relationship */
export async function create(deps: AppDeps, caller: TenantCaller, b: CreateBody) {
  return generic(withTenant(deps.db, caller.companyId, (trx) => createInTransaction(deps, caller, trx, b)));
}

/**
 * Several relationships between existing fichas inside the caller's transaction (a bulk load's batch): each
 * validated as `createInTransaction` validates a relationship to a ficha by id (parent and related person active,
 * not the same person, a legal person only as a partner, the participation, no repeat), stored in one statement,
 * audited one row each, and the parents' risk rated again once each. All or none: the first invalid one throws.
 */
export async function createManyInTransaction(
  _deps: AppDeps,
  caller: TenantCaller,
  trx: Transaction<Database>,
  bodies: (Pick<CreateBody, 'fichaId' | 'relationType' | 'participation'> & { relatedFichaId: string })[],
) {
  if (!bodies.length) return [];
  const ids = [...new Set(bodies.flatMap((b) => [b.fichaId, b.relatedFichaId]))];
  const fichas = new Map((await fichasData.readFichas(trx, caller.companyId, ids)).map((f) => [f.id, f]));
  const existing = await repo.findActiveBetween(
    trx,
    caller.companyId,
    [...new Set(bodies.map((b) => b.fichaId))],
    [...new Set(bodies.map((b) => b.relatedFichaId))],
  );
  const seen = new Set(existing.map((r) => `${r.fichaId}|${r.relatedFichaId}|${r.relationType}`));
  const rows = bodies.map((b) => {
    const parent = fichas.get(b.fichaId);
    if (parent?.status !== 'active') throw fichaError('FICHA_NOT_FOUND', { field: 'fichaId' });
    const participation = checkParticipation(b.participation, b.relationType);
    const related = fichas.get(b.relatedFichaId);
    if (related?.status !== 'active') throw fichaError('FICHA_NOT_FOUND', { field: 'relatedFichaId' });
    if (related.id === parent.id || related.dni === parent.dni)
      throw fichaError('RELATED_SAME_DNI', { field: 'relatedFichaId' });
    assertPersonTypeAllowed(related.personType, b.relationType);
    const key = (t: string) => `${parent.id}|${related.id}|${t}`;
    if (seen.has(key(b.relationType))) throw fichaError('RELATIONSHIP_EXISTS');
    const overlapping =
      b.relationType === 'both'
        ? ['representant', 'beneficiary']
        : b.relationType === 'representant' || b.relationType === 'beneficiary'
          ? ['both']
          : [];
    if (overlapping.some((t) => seen.has(key(t)))) throw fichaError('PERSON_ALREADY_ADDED');
    seen.add(key(b.relationType));
    return {
      companyId: caller.companyId,
      fichaId: parent.id,
      relatedFichaId: related.id,
      relationType: b.relationType,
      participation,
      amount: null,
      extractDate: null,
      createdBy: caller.auth.userId,
      updatedBy: caller.auth.userId,
    };
  });
  const inserted = await repo.insertRelationships(trx, rows);
  await auditMany(
    trx,
    caller,
    inserted.map((row) => ({
      action: 'ficha.relationship.created' as const,
      entity: 'fichaRelationship',
      id: row.id,
      after: toRelationshipView(row, fichas.get(row.relatedFichaId)),
    })),
  );
  await recalculateManyWithParents(trx, caller.companyId, [...new Set(inserted.map((r) => r.fichaId))], {
    caller,
    cause: 'relationshipChanged',
  });
  // the other end and, in Brazil, the legal person's other holders (decision 196), once per pair
  const ends = new Map(inserted.map((r) => [`${r.fichaId}|${r.relatedFichaId}`, r]));
  await refreshRelationEnds(
    trx,
    caller.companyId,
    [...ends.values()].map((r) => ({ fichaId: r.relatedFichaId, holderId: r.fichaId })),
    caller,
  );
  return inserted;
}

/**
 * A relationship created inside the caller's transaction (a bulk load's batch), the ficha's risk rated again. A
 * related person created on the fly takes `screened` (its listas, screened before the transaction opened) instead of
 * waiting for the screening job; `createdRelated` says whether it was made here.
 */
export async function createInTransaction(
  deps: AppDeps,
  caller: TenantCaller,
  trx: Transaction<Database>,
  b: CreateBody,
  screened?: FichaListasT,
) {
  const { row, related, createdRelated } = await createIn(deps, caller, trx, b, '', screened);
  await recalculateWithParents(trx, caller.companyId, row.fichaId, { caller, cause: 'relationshipChanged' });
  // the other end too: its PEP status (a PEP's relation) and EDD follow now, from either side (decision 172), and
  // in Brazil the legal person's other holders (decision 196)
  await refreshRelationEnd(trx, caller.companyId, row.relatedFichaId, caller, row.fichaId);
  return { ...toRelationshipView(row, related), createdRelated };
}

/** POST /fichas-clientes/create-legal-representatives: several representatives at once, all or none. */
export async function createLegalRepresentatives(
  deps: AppDeps,
  caller: TenantCaller,
  fichaId: string,
  reps: Omit<CreateBody, 'fichaId' | 'relationType'>[],
) {
  return generic(
    withTenant(deps.db, caller.companyId, async (trx) => {
      const seen = new Set<string>();
      const out = [];
      for (const [i, rep] of reps.entries()) {
        const key = (rep.relatedFichaId ?? rep.dni ?? '')
          .toUpperCase()
          .replace(/[.\-/\s]/g, '')
          .replace(/^0+/, '');
        if (key && seen.has(key))
          throw fichaError('LEGAL_REP_ALREADY_ADDED', { field: `legalRepresentatives[${i}].dni` });
        seen.add(key);
        try {
          const { row, related } = await createIn(
            deps,
            caller,
            trx,
            { ...rep, fichaId, relationType: 'representant' },
            `legalRepresentatives[${i}].`,
          );
          out.push(toRelationshipView(row, related));
        } catch (err) {
          const code = (err as AppError).code;
          if (code === 'RELATIONSHIP_EXISTS' || code === 'PERSON_ALREADY_ADDED')
            throw fichaError('LEGAL_REP_ALREADY_ADDED', { field: `legalRepresentatives[${i}].dni` });
          throw err;
        }
      }
      await recalculateWithParents(trx, caller.companyId, fichaId, { caller, cause: 'relationshipChanged' });
      return out;
    }),
  );
}

async function mustFind(trx: Executor, caller: TenantCaller, id: string) {
  const row = await repo.findRelationship(trx, caller.companyId, id);
  if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
  return row;
}

/** GET /ficha-relationship/{id} */
export async function get(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await mustFind(trx, caller, id);
    return toRelationshipView(row, await fichasData.readFicha(trx, caller.companyId, row.relatedFichaId));
  });
}

/** PATCH /ficha-relationship/{id}: relation type, participation, amount, extract date. */
export async function update(deps: AppDeps, caller: TenantCaller, id: string, b: PatchBody) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await mustFind(trx, caller, id);
    if (before.status !== 'active') throw fichaError('RELATIONSHIP_NOT_FOUND');
    const type = b.relationType ?? before.relationType;
    const related = await fichasData.readFicha(trx, caller.companyId, before.relatedFichaId);
    if (related?.personType === 'legal' && type !== 'partners')
      throw fichaError('LEGAL_PERSON_NOT_ALLOWED', { field: 'relationType' });
    if (type !== before.relationType)
      await assertNotRepeated(trx, caller, before.fichaId, before.relatedFichaId, type, id);
    const participation = Object.hasOwn(b, 'participation')
      ? checkParticipation(b.participation, type)
      : checkParticipation(before.participation, type);
    const row = await repo.updateRelationship(trx, caller.companyId, id, {
      relationType: type,
      participation,
      ...(Object.hasOwn(b, 'amount') ? { amount: b.amount ?? null } : {}),
      ...(Object.hasOwn(b, 'extractDate') ? { extractDate: resolveDate(b.extractDate, 'extractDate') } : {}),
      updatedBy: caller.auth.userId,
    });
    if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
    await recalculateWithParents(trx, caller.companyId, row.fichaId, { caller, cause: 'relationshipChanged' });
    // the other end too: its PEP status (a PEP's relation) and EDD follow now, from either side (decision 172), and
    // in Brazil the legal person's other holders (decision 196)
    await refreshRelationEnd(trx, caller.companyId, row.relatedFichaId, caller, row.fichaId);
    await audit(trx, caller, {
      action: 'ficha.relationship.updated',
      entity: 'fichaRelationship',
      id,
      before: toRelationshipView(before, related),
      after: toRelationshipView(row, related),
    });
    return toRelationshipView(row, related);
  });
}

/** PATCH /ficha-relationship/{id}/delete: the relationship stops (soft, audited). */
export async function remove(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await mustFind(trx, caller, id);
    const row = await repo.updateRelationship(trx, caller.companyId, id, {
      status: 'inactive',
      deletedBy: caller.auth.userId,
      deletedDate: new Date(),
      updatedBy: caller.auth.userId,
    });
    if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
    await recalculateWithParents(trx, caller.companyId, row.fichaId, { caller, cause: 'relationshipChanged' });
    // the other end too: its PEP status (a PEP's relation) and EDD follow now, from either side (decision 172), and
    // in Brazil the legal person's other holders (decision 196)
    await refreshRelationEnd(trx, caller.companyId, row.relatedFichaId, caller, row.fichaId);
    await audit(trx, caller, {
      action: 'ficha.relationship.deleted',
      entity: 'fichaRelationship',
      id,
      before: toRelationshipView(before, await fichasData.readFicha(trx, caller.companyId, before.relatedFichaId)),
    });
    return toRelationshipView(row);
  });
}
