import type { RelationshipCreateBody, RelationshipPatchBody } from '@regcheck/shared';
import { isOwnershipPercentage, validatePercentage } from '@regcheck/shared/format/index';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables';
import { type Executor, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { fichaError } from '../fichas/fichas.errors';
import * as fichasRepo from '../fichas/fichas.repo';
import { type Ctx, create as createFicha, dniCandidates, dniDisplay } from '../fichas/fichas.service';
import type { FichaRow, RelationshipRow } from '../fichas/fichas.tables';
import { fullNameOf, resolveDate, resolveDocument } from '../fichas/fichas.validation';
import * as risk from '../risk/risk.service';
import * as repo from './relationships.repo';

type CreateBody = z.output<typeof RelationshipCreateBody>;
type PatchBody = z.output<typeof RelationshipPatchBody>;

const OWNERSHIP = new Set<string>(repo.OWNERSHIP_TYPES);
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Participation: 0 to 100 with up to 2 decimals and a dot. For relation types that carry ownership (partners,
 * beneficiary, both) it must also be greater than 1 and less than 100 (spec 000 §5), and partners need one.
 */
export function checkParticipation(value: unknown, relationType: string, field = 'participation'): number | null {
  if (value === null || value === undefined || value === '') {
    if (relationType === 'partners') throw fichaError('PERCENTAGE_REQUIRED', field);
    return null;
  }
  const v = validatePercentage(value as string | number);
  if (!v.valid) throw fichaError(v.error, field);
  if (OWNERSHIP.has(relationType) && !isOwnershipPercentage(v.value)) throw fichaError('OWNERSHIP_PERCENTAGE', field);
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

/** The related person: an existing ficha by id, or the company's ficha with that document, or a new ficha. */
async function resolveRelated(
  deps: AppDeps,
  ctx: Ctx,
  trx: Transaction<Database>,
  parent: FichaRow,
  b: Omit<CreateBody, 'fichaId'>,
  field: string,
): Promise<FichaRow> {
  if (b.relatedFichaId) {
    const row = await fichasRepo.findFicha(trx, ctx.companyId, b.relatedFichaId);
    if (!row || row.status !== 'active') throw fichaError('FICHA_NOT_FOUND', `${field}relatedFichaId`);
    if (row.id === parent.id || row.dni === parent.dni) throw fichaError('RELATED_SAME_DNI', `${field}relatedFichaId`);
    if (row.personType === 'legal' && b.relationType !== 'partners')
      throw fichaError('LEGAL_PERSON_NOT_ALLOWED', `${field}personType`);
    return row;
  }
  const personType = b.personType ?? 'natural';
  if (personType === 'legal' && b.relationType !== 'partners')
    throw fichaError('LEGAL_PERSON_NOT_ALLOWED', `${field}personType`);
  if (!b.dni?.trim()) throw fichaError('DOCUMENT_REQUIRED', `${field}dni`);
  const { dni } = resolveDocument(
    { dni: b.dni, dniType: { country: b.countryDocument ?? b.country ?? undefined, document: b.documentType } },
    personType,
    ctx.auth.company?.country,
    `${field}dni`,
  );
  if (dni === parent.dni) throw fichaError('RELATED_SAME_DNI', `${field}dni`);
  const existing = await fichasRepo.findActiveByDni(trx, ctx.companyId, dniCandidates(dni));
  const other = existing.find((r) => r.personType !== personType);
  if (other && !existing.some((r) => r.personType === personType))
    throw fichaError('FICHA_DNI_OTHER_PERSON_TYPE', `${field}dni`, { dni, personType: other.personType });
  const same = existing.find((r) => r.personType === personType);
  if (same) return same;
  return createFicha(
    deps,
    ctx,
    {
      personType,
      dni: b.dni,
      dniType: {
        country: b.countryDocument ?? b.country ?? ctx.auth.company?.country ?? 'CL',
        document: b.documentType,
      },
      name: personType === 'natural' ? (b.name ?? b.names ?? null) : null,
      fatherName: b.fatherName ?? null,
      motherName: b.motherName ?? null,
      socialReason: personType === 'legal' ? (b.socialReason ?? b.name ?? b.names ?? null) : null,
      nationality: b.country ?? null,
    },
    trx,
  );
}

/** 'both' stands for representant and beneficiary: adding one of them next to 'both' (or vice versa) is a repeat. */
async function assertNotRepeated(
  trx: Executor,
  ctx: Ctx,
  parentId: string,
  relatedId: string,
  type: string,
  exceptId?: string,
) {
  const same = await repo.findActiveRelationship(trx, ctx.companyId, parentId, relatedId, type);
  if (same && same.id !== exceptId) throw fichaError('RELATIONSHIP_EXISTS');
  const overlapping =
    type === 'both'
      ? ['representant', 'beneficiary']
      : type === 'representant' || type === 'beneficiary'
        ? ['both']
        : [];
  for (const t of overlapping) {
    const r = await repo.findActiveRelationship(trx, ctx.companyId, parentId, relatedId, t);
    if (r && r.id !== exceptId) throw fichaError('PERSON_ALREADY_ADDED');
  }
}

async function createIn(deps: AppDeps, ctx: Ctx, trx: Transaction<Database>, b: CreateBody, field = '') {
  const parent = await fichasRepo.findFicha(trx, ctx.companyId, b.fichaId);
  if (!parent || parent.status !== 'active') throw fichaError('FICHA_NOT_FOUND', `${field}fichaId`);
  const participation = checkParticipation(b.participation, b.relationType, `${field}participation`);
  const related = await resolveRelated(deps, ctx, trx, parent, b, field);
  await assertNotRepeated(trx, ctx, parent.id, related.id, b.relationType);
  const row = await repo.insertRelationship(trx, {
    companyId: ctx.companyId,
    fichaId: parent.id,
    relatedFichaId: related.id,
    relationType: b.relationType,
    participation,
    amount: b.amount ?? null,
    extractDate: resolveDate(b.extractDate, `${field}extractDate`),
    createdBy: ctx.auth.userId,
    updatedBy: ctx.auth.userId,
  });
  await insertAudit(trx, {
    companyId: ctx.companyId,
    userId: ctx.auth.userId,
    action: 'ficha.relationship.created',
    entity: 'fichaRelationship',
    entityId: row.id,
    after: toRelationshipView(row),
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
  return { row, related };
}

function generic<T>(p: Promise<T>): Promise<T> {
  return p.catch((err) => {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === '23505') throw fichaError('RELATIONSHIP_EXISTS');
    throw fichaError('RELATIONSHIP_CREATE_FAILED');
  });
}

/** POST /ficha-relationship */
export async function create(deps: AppDeps, ctx: Ctx, b: CreateBody) {
  return generic(
    withTenant(deps.db, ctx.companyId, async (trx) => {
      const { row, related } = await createIn(deps, ctx, trx, b);
      await risk.recalculateWithParents(trx, ctx.companyId, row.fichaId);
      return toRelationshipView(row, related);
    }),
  );
}

/** POST /fichas-clientes/create-legal-representatives: several representatives at once, all or none. */
export async function createLegalRepresentatives(
  deps: AppDeps,
  ctx: Ctx,
  fichaId: string,
  reps: Omit<CreateBody, 'fichaId' | 'relationType'>[],
) {
  return generic(
    withTenant(deps.db, ctx.companyId, async (trx) => {
      const seen = new Set<string>();
      const out = [];
      for (const [i, rep] of reps.entries()) {
        const key = (rep.relatedFichaId ?? rep.dni ?? '')
          .toUpperCase()
          .replace(/[.\-/\s]/g, '')
          .replace(/^0+/, '');
        if (key && seen.has(key)) throw fichaError('LEGAL_REP_ALREADY_ADDED', `legalRepresentatives[${i}].dni`);
        seen.add(key);
        try {
          const { row, related } = await createIn(
            deps,
            ctx,
            trx,
            { ...rep, fichaId, relationType: 'representant' },
            `legalRepresentatives[${i}].`,
          );
          out.push(toRelationshipView(row, related));
        } catch (err) {
          const code = (err as AppError).code;
          if (code === 'RELATIONSHIP_EXISTS' || code === 'PERSON_ALREADY_ADDED')
            throw fichaError('LEGAL_REP_ALREADY_ADDED', `legalRepresentatives[${i}].dni`);
          throw err;
        }
      }
      await risk.recalculateWithParents(trx, ctx.companyId, fichaId);
      return out;
    }),
  );
}

async function mustFind(trx: Executor, ctx: Ctx, id: string) {
  const row = await repo.findRelationship(trx, ctx.companyId, id);
  if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
  return row;
}

export async function get(deps: AppDeps, ctx: Ctx, id: string) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await mustFind(trx, ctx, id);
    return toRelationshipView(row, await fichasRepo.findFicha(trx, ctx.companyId, row.relatedFichaId));
  });
}

/** PATCH /ficha-relationship/{id}: relation type, participation, amount, extract date. */
export async function update(deps: AppDeps, ctx: Ctx, id: string, b: PatchBody) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await mustFind(trx, ctx, id);
    if (before.status !== 'active') throw fichaError('RELATIONSHIP_NOT_FOUND');
    const type = b.relationType ?? before.relationType;
    const related = await fichasRepo.findFicha(trx, ctx.companyId, before.relatedFichaId);
    if (related?.personType === 'legal' && type !== 'partners')
      throw fichaError('LEGAL_PERSON_NOT_ALLOWED', 'relationType');
    if (type !== before.relationType)
      await assertNotRepeated(trx, ctx, before.fichaId, before.relatedFichaId, type, id);
    const participation = Object.hasOwn(b, 'participation')
      ? checkParticipation(b.participation, type)
      : checkParticipation(before.participation, type);
    const row = await repo.updateRelationship(trx, ctx.companyId, id, {
      relationType: type,
      participation,
      ...(Object.hasOwn(b, 'amount') ? { amount: b.amount ?? null } : {}),
      ...(Object.hasOwn(b, 'extractDate') ? { extractDate: resolveDate(b.extractDate, 'extractDate') } : {}),
      updatedBy: ctx.auth.userId,
    });
    if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
    await risk.recalculateWithParents(trx, ctx.companyId, row.fichaId);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.relationship.updated',
      entity: 'fichaRelationship',
      entityId: id,
      before: toRelationshipView(before),
      after: toRelationshipView(row),
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return toRelationshipView(row, related);
  });
}

/** PATCH /ficha-relationship/{id}/delete: the relationship stops (soft, audited). */
export async function remove(deps: AppDeps, ctx: Ctx, id: string) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await mustFind(trx, ctx, id);
    const row = await repo.updateRelationship(trx, ctx.companyId, id, {
      status: 'inactive',
      deletedBy: ctx.auth.userId,
      deletedDate: new Date(),
      updatedBy: ctx.auth.userId,
    });
    if (!row) throw fichaError('RELATIONSHIP_NOT_FOUND');
    await risk.recalculateWithParents(trx, ctx.companyId, row.fichaId);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.relationship.deleted',
      entity: 'fichaRelationship',
      entityId: id,
      before: toRelationshipView(before),
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return toRelationshipView(row);
  });
}

/** The company's beneficial-owner settings: 10% or more by default (UAF), both configurable. */
function ownerSettings(ctx: Ctx) {
  const s = (ctx.auth.company?.settings ?? {}) as {
    beneficialOwnerThreshold?: number;
    beneficialOwnerInclusive?: boolean;
  };
  return { threshold: s.beneficialOwnerThreshold ?? 10, inclusive: s.beneficialOwnerInclusive ?? true };
}

/**
 * GET /fichas-clientes-beneficiaries/{id}: natural persons who own the threshold or more, directly or through
 * other companies (shares multiplied along each chain and added across chains), plus effective control and
 * declared beneficiaries below it.
 */
export async function beneficiaries(deps: AppDeps, ctx: Ctx, fichaId: string) {
  const { threshold, inclusive } = ownerSettings(ctx);
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const ficha = await fichasRepo.findFicha(trx, ctx.companyId, fichaId);
    if (!ficha) throw fichaError('FICHA_NOT_FOUND');
    const chains = await repo.ownershipChains(trx, ctx.companyId, fichaId);
    const direct = await repo.relatedOf(trx, ctx.companyId, fichaId, 'down');
    const byOwner = new Map<string, { total: number; direct: number; paths: string[][] }>();
    for (const c of chains) {
      if (c.personType !== 'natural') continue;
      const e = byOwner.get(c.ownerId) ?? { total: 0, direct: 0, paths: [] };
      e.total += c.share;
      if (c.path.length === 2) e.direct += c.share;
      e.paths.push(c.path);
      byOwner.set(c.ownerId, e);
    }
    const rows = new Map(
      (
        await fichasRepo.findFichas(trx, ctx.companyId, [
          ...new Set([...byOwner.keys(), ...direct.map((d) => d.fichaId)]),
        ])
      ).map((r) => [r.id, r]),
    );
    const out = [];
    const view = (
      id: string,
      participation: number,
      directP: number,
      basis: 'ownership' | 'effectiveControl' | 'declared',
      paths: string[][],
    ) => {
      const r = rows.get(id);
      if (!r) return null;
      const t = json<{ document?: string }>(r.dniType) ?? {};
      return {
        fichaId: id,
        dni: r.dni,
        dniFormatted: dniDisplay(r.dni, t.document ?? ''),
        fullName: fullNameOf(r),
        personType: r.personType,
        participation: Math.round(participation * 100) / 100,
        directParticipation: Math.round(directP * 100) / 100,
        basis,
        paths,
        risk: r.risk,
      };
    };
    const listed = new Set<string>();
    for (const [id, e] of byOwner) {
      const total = Math.round(e.total * 10000) / 10000;
      if (inclusive ? total >= threshold : total > threshold) {
        const v = view(id, total, e.direct, 'ownership', e.paths);
        if (v) {
          out.push(v);
          listed.add(id);
        }
      }
    }
    for (const d of direct) {
      if (listed.has(d.fichaId) || d.personType !== 'natural') continue;
      const basis =
        d.relationType === 'effectiveControl'
          ? 'effectiveControl'
          : d.relationType === 'beneficiary' || d.relationType === 'both'
            ? 'declared'
            : null;
      if (!basis) continue;
      const owned = byOwner.get(d.fichaId);
      const v = view(
        d.fichaId,
        owned?.total ?? Number(d.participation ?? 0),
        owned?.direct ?? Number(d.participation ?? 0),
        basis,
        owned?.paths ?? [[fichaId, d.fichaId]],
      );
      if (v) {
        out.push(v);
        listed.add(d.fichaId);
      }
    }
    out.sort((a, b) => b.participation - a.participation);
    return {
      fichaId,
      threshold,
      inclusive,
      beneficiaries: out,
      unresolved: ficha.personType === 'legal' && out.length === 0,
    };
  });
}

/** Automatic relations to `distance` levels (1 to 5) from the company's own relationships. */
export async function automaticRelations(
  deps: AppDeps,
  ctx: Ctx,
  start: { fichaId?: string; dni?: string },
  q: { distance: number; relationship_direction: 'both' | 'up' | 'down'; one_path_per_node: boolean },
) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    let ficha: FichaRow | undefined;
    if (start.fichaId) ficha = await fichasRepo.findFicha(trx, ctx.companyId, start.fichaId);
    else ficha = (await fichasRepo.findActiveByDni(trx, ctx.companyId, dniCandidates(start.dni ?? '')))[0];
    if (!ficha) throw start.fichaId ? fichaError('FICHA_NOT_FOUND') : fichaError('NO_RECORDS_FOR_DNI', 'dni');
    let nodes = await repo.relationGraph(trx, ctx.companyId, ficha.id, q.distance, q.relationship_direction);
    if (q.one_path_per_node) {
      const seen = new Set<string>();
      nodes = nodes.filter((n) => (seen.has(n.fichaId) ? false : (seen.add(n.fichaId), true)));
    }
    const rows = new Map(
      (await fichasRepo.findFichas(trx, ctx.companyId, [...new Set(nodes.map((n) => n.fichaId))])).map((r) => [
        r.id,
        r,
      ]),
    );
    const lastChecked = (r: FichaRow) => json<{ lastChecked?: string } | null>(r.listas)?.lastChecked ?? null;
    const out = nodes
      .map((n) => {
        const r = rows.get(n.fichaId);
        if (!r || r.status !== 'active') return null;
        return {
          ...n,
          dni: r.dni,
          fullName: fullNameOf(r),
          personType: r.personType,
          risk: r.risk,
          lastConsultationDate: lastChecked(r),
        };
      })
      .filter((n): n is NonNullable<typeof n> => n !== null);
    return {
      fichaId: ficha.id,
      dni: ficha.dni,
      distance: q.distance,
      lastConsultationDate: lastChecked(ficha),
      persons: out.filter((n) => n.personType === 'natural'),
      companies: out.filter((n) => n.personType === 'legal'),
    };
  });
}
