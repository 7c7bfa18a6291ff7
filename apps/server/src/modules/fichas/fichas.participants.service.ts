import type { FichaFieldsInput, FichaListasT } from '@regcheck/shared';
import { type RiskLevel, riskPrecedence } from '@regcheck/shared/format/index';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './fichas.repo';
import { screenIdentity } from './fichas.screening';
import { create } from './fichas.service';
import { assertRequired, dniCandidates, fullNameOf, resolveDocument, resolveFields } from './fichas.validation';

/**
 * What the operations module needs of fichas (its participants), in the shape of its adapter
 * (operations/operations.fichas.ts): by document, by id, and created on the spot. The one definition of a
 * participant's ficha: the operations module imports this type.
 */
export interface ParticipantFicha {
  id: string | null;
  dni: string;
  personType: 'natural' | 'legal';
  name: string;
  email: string | null;
  /** riskPrecedence of the ficha (overwritten, effective, calculated) */
  risk: RiskLevel | null;
  /** data the ficha lacks (flagged on the operation) */
  missingFields: string[];
}

function toParticipant(r: FichaRow): ParticipantFicha {
  const missing: string[] = [];
  const name = fullNameOf(r);
  if (!name) missing.push('name');
  if (!r.email) missing.push('email');
  if (!r.nationality) missing.push('nationality');
  return {
    id: r.id,
    dni: r.dni,
    personType: r.personType,
    name,
    email: r.email,
    risk: riskPrecedence(r),
    missingFields: missing,
  };
}

/** Active fichas of the caller's company by document (any stored form), keyed by the dni as asked. */
export async function findFichasByDni(deps: AppDeps, caller: TenantCaller, dnis: string[]) {
  const out = new Map<string, ParticipantFicha>();
  const all = [...new Set(dnis.flatMap(dniCandidates))];
  const rows = await withTenant(deps.db, caller.companyId, (trx) => repo.findActiveByDni(trx, caller.companyId, all));
  for (const d of dnis) {
    const cands = dniCandidates(d);
    const row = rows.find((r) => cands.includes(r.dni));
    if (row) out.set(d, toParticipant(row));
  }
  return out;
}

/** Fichas of the caller's company by id. */
export async function findFichasById(deps: AppDeps, caller: TenantCaller, ids: string[]) {
  const rows = await withTenant(deps.db, caller.companyId, (trx) => repo.findFichas(trx, caller.companyId, ids));
  return new Map(rows.map((r) => [r.id, toParticipant(r)]));
}

/** The minimum fields of a participant's new ficha. */
export interface NewParticipantFicha {
  dni: string;
  personType: 'natural' | 'legal';
  dniType: { country: string; document: string };
  name?: string;
  fatherName?: string;
  motherName?: string;
  socialReason?: string;
  email?: string;
  nationality?: string;
}

/** A participant's new ficha validated and screened, not stored yet (see `storeParticipantFicha`). */
export interface PreparedParticipantFicha {
  input: FichaFieldsInput;
  listas: FichaListasT;
}

/**
 * Validates a participant's new ficha (the errors of POST /fichas-clientes) and screens it against the lists,
 * writing nothing: an operation prepares all its new participants first, then stores them with the operation in
 * one transaction (screening reads the lists outside any transaction: PGlite has one connection).
 */
export async function prepareParticipantFicha(
  deps: AppDeps,
  caller: TenantCaller,
  fields: NewParticipantFicha,
): Promise<PreparedParticipantFicha> {
  const input = { ...fields, email: fields.email || null } as FichaFieldsInput;
  const { dni } = resolveDocument(input, input.personType, input.nationality ?? caller.auth.company?.country);
  const cols = resolveFields(input, input.personType);
  assertRequired({ personType: input.personType, name: cols.name, socialReason: cols.socialReason });
  const listas = await screenIdentity(
    deps,
    caller.companyId,
    { ...cols, dni, personType: input.personType },
    new Map(),
    null,
  );
  return { input, listas };
}

/** Stores a prepared participant's ficha in the caller's transaction (rated and audited like any other). */
export async function storeParticipantFicha(
  deps: AppDeps,
  caller: TenantCaller,
  prepared: PreparedParticipantFicha,
  trx: Transaction<Database>,
): Promise<ParticipantFicha> {
  return toParticipant(await create(deps, caller, prepared.input, trx, prepared.listas));
}
