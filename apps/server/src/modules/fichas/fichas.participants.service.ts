import { type RiskLevel, riskPrecedence } from '@regcheck/shared/format/index';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './fichas.repo';
import { create } from './fichas.service';
import type { FichaRow } from './fichas.tables';
import { dniCandidates, fullNameOf } from './fichas.validation';

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

/** Creates a ficha with the minimum fields (validated, screened and rated like any other). */
export async function createParticipantFicha(
  deps: AppDeps,
  caller: TenantCaller,
  input: {
    dni: string;
    personType: 'natural' | 'legal';
    dniType: { country: string; document: string };
    name?: string;
    fatherName?: string;
    motherName?: string;
    socialReason?: string;
    email?: string;
    nationality?: string;
  },
) {
  const row = await create(deps, caller, { ...input, email: input.email || null });
  return toParticipant(row);
}
