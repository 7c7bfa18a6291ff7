import { riskPrecedence } from '@regcheck/shared/format/index';
import { withTenant } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../plugins/context';
import * as repo from './fichas.repo';
import { create, ctxOf, dniCandidates } from './fichas.service';
import type { FichaRow } from './fichas.tables';
import { fullNameOf } from './fichas.validation';

/**
 * What the operations module needs of fichas (its participants), in the shape of its adapter
 * (operations/operations.fichas.ts): by document, by id, and created on the spot.
 */
export interface ParticipantFicha {
  id: string | null;
  dni: string;
  personType: 'natural' | 'legal';
  name: string;
  email: string | null;
  risk: 'low' | 'medium' | 'high' | null;
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
export async function findFichasByDni(deps: AppDeps, auth: AuthContext, dnis: string[]) {
  const ctx = ctxOf(auth);
  const out = new Map<string, ParticipantFicha>();
  const all = [...new Set(dnis.flatMap(dniCandidates))];
  const rows = await withTenant(deps.db, ctx.companyId, (trx) => repo.findActiveByDni(trx, ctx.companyId, all));
  for (const d of dnis) {
    const cands = dniCandidates(d);
    const row = rows.find((r) => cands.includes(r.dni));
    if (row) out.set(d, toParticipant(row));
  }
  return out;
}

/** Fichas of the caller's company by id. */
export async function findFichasById(deps: AppDeps, auth: AuthContext, ids: string[]) {
  const ctx = ctxOf(auth);
  const rows = await withTenant(deps.db, ctx.companyId, (trx) => repo.findFichas(trx, ctx.companyId, ids));
  return new Map(rows.map((r) => [r.id, toParticipant(r)]));
}

/** Creates a ficha with the minimum fields (validated, screened and rated like any other). */
export async function createParticipantFicha(
  deps: AppDeps,
  auth: AuthContext,
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
  const row = await create(deps, ctxOf(auth), { ...input, email: input.email || null });
  return toParticipant(row);
}
