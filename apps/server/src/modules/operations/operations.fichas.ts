import type { RiskLevel } from '@regcheck/shared/format/index';
import type { AppDeps, AuthContext } from '../../plugins/context';

/**
 * The participants of an operation are fichas. This adapter is the only place the operations module asks the
 * fichas module for them, through its service (never its tables), outside the operation's own transaction.
 *
 * Interim: the fichas service is being built concurrently; until it lands, participants are kept by document on
 * the operation only (fichaId null, no risk). Switch the three functions below to the fichas service then.
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

/** Existing fichas of the caller's company by normalized document. */
export async function findFichasByDni(
  _deps: AppDeps,
  _auth: AuthContext,
  _dnis: string[],
): Promise<Map<string, ParticipantFicha>> {
  return new Map();
}

/** Fichas of the caller's company by id (current risk and contact data). */
export async function findFichasById(
  _deps: AppDeps,
  _auth: AuthContext,
  _ids: string[],
): Promise<Map<string, ParticipantFicha>> {
  return new Map();
}

/** Creates a ficha on the spot with the minimum fields. */
export async function createFicha(_deps: AppDeps, _auth: AuthContext, input: NewFichaInput): Promise<ParticipantFicha> {
  const name =
    input.personType === 'legal'
      ? (input.socialReason ?? '')
      : [input.name, input.fatherName, input.motherName].filter(Boolean).join(' ');
  return {
    id: null,
    dni: input.dni,
    personType: input.personType,
    name,
    email: input.email?.trim() || null,
    risk: null,
    missingFields: missingOf({ name, email: input.email, nationality: input.nationality }),
  };
}

/** Minimum data a participant's ficha should have. */
export function missingOf(f: { name?: string | null; email?: string | null; nationality?: string | null }): string[] {
  const missing: string[] = [];
  if (!f.name?.trim()) missing.push('name');
  if (!f.email?.trim()) missing.push('email');
  if (!f.nationality?.trim()) missing.push('nationality');
  return missing;
}
