import { type RiskLevel, riskPrecedence } from '@regcheck/shared/format/index';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import * as fichasService from '../fichas/fichas.service';

/**
 * The participants of an operation are fichas. This adapter is the only place the operations module asks the
 * fichas module for them, through its service (never its tables), outside the operation's own transaction (the
 * fichas service opens its own, and PGlite has one connection).
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

export interface NewFichaInput {
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

function participantOf(row: Parameters<typeof fichasService.toFichaView>[0]): ParticipantFicha {
  const f = fichasService.toFichaView(row);
  return {
    id: f.id,
    dni: f.dni,
    personType: f.personType,
    name: f.fullName,
    email: f.email ?? null,
    risk: riskPrecedence(f),
    missingFields: missingOf({ name: f.fullName, email: f.email, nationality: f.nationality }),
  };
}

const isMissing = (err: unknown, code: string) => err instanceof AppError && err.code === code;

/** Existing active fichas of the caller's company by normalized document. */
export async function findFichasByDni(
  deps: AppDeps,
  auth: AuthContext,
  dnis: string[],
): Promise<Map<string, ParticipantFicha>> {
  const ctx = fichasService.ctxOf(auth);
  const out = new Map<string, ParticipantFicha>();
  for (const dni of new Set(dnis)) {
    try {
      out.set(dni, participantOf(await fichasService.byDni(deps, ctx, dni)));
    } catch (err) {
      if (!isMissing(err, 'NO_RECORDS_FOR_DNI')) throw err;
    }
  }
  return out;
}

/** Fichas of the caller's company by id (current risk and contact data); unknown ids are left out. */
export async function findFichasById(
  deps: AppDeps,
  auth: AuthContext,
  ids: string[],
): Promise<Map<string, ParticipantFicha>> {
  const ctx = fichasService.ctxOf(auth);
  const out = new Map<string, ParticipantFicha>();
  for (const id of new Set(ids)) {
    try {
      out.set(id, participantOf(await fichasService.get(deps, ctx, id)));
    } catch (err) {
      if (!isMissing(err, 'FICHA_NOT_FOUND')) throw err;
    }
  }
  return out;
}

/** Creates a ficha on the spot with the minimum fields, through the fichas service (validated, screened, rated). */
export async function createFicha(deps: AppDeps, auth: AuthContext, input: NewFichaInput): Promise<ParticipantFicha> {
  const row = await fichasService.create(deps, fichasService.ctxOf(auth), {
    dni: input.dni,
    dniType: { country: input.dniType.country, person: input.personType, document: input.dniType.document },
    personType: input.personType,
    name: input.personType === 'natural' ? input.name : undefined,
    fatherName: input.personType === 'natural' ? input.fatherName : undefined,
    motherName: input.personType === 'natural' ? input.motherName : undefined,
    socialReason: input.personType === 'legal' ? (input.socialReason ?? input.name) : undefined,
    email: input.email?.trim() || undefined,
    nationality: input.nationality,
  });
  return participantOf(row);
}

/** Minimum data a participant's ficha should have. */
export function missingOf(f: { name?: string | null; email?: string | null; nationality?: string | null }): string[] {
  const missing: string[] = [];
  if (!f.name?.trim()) missing.push('name');
  if (!f.email?.trim()) missing.push('email');
  if (!f.nationality?.trim()) missing.push('nationality');
  return missing;
}
