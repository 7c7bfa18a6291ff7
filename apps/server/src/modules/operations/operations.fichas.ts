import type { RiskLevel } from '@regcheck/shared/format/index';
import type { AppDeps, AuthContext } from '../../plugins/context';
import * as participants from '../fichas/fichas.participants';
import { dniCandidates } from '../fichas/fichas.service';
import { foldText } from '../fichas/fichas.validation';

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

/** Existing active fichas of the caller's company by normalized document (one query). */
export function findFichasByDni(
  deps: AppDeps,
  auth: AuthContext,
  dnis: string[],
): Promise<Map<string, ParticipantFicha>> {
  return participants.findFichasByDni(deps, auth, dnis);
}

/** Fichas of the caller's company by id (current risk and contact data); unknown ids are left out. */
export function findFichasById(
  deps: AppDeps,
  auth: AuthContext,
  ids: string[],
): Promise<Map<string, ParticipantFicha>> {
  return ids.length === 0 ? Promise.resolve(new Map()) : participants.findFichasById(deps, auth, ids);
}

/** Creates a ficha on the spot with the minimum fields, through the fichas module (validated, screened, rated). */
export function createFicha(deps: AppDeps, auth: AuthContext, input: NewFichaInput): Promise<ParticipantFicha> {
  return participants.createParticipantFicha(deps, auth, {
    ...input,
    name: input.personType === 'natural' ? input.name : undefined,
    fatherName: input.personType === 'natural' ? input.fatherName : undefined,
    motherName: input.personType === 'natural' ? input.motherName : undefined,
    socialReason: input.personType === 'legal' ? (input.socialReason ?? input.name) : undefined,
    email: input.email?.trim() || undefined,
  });
}

/** Minimum data a participant's ficha should have. */
export function missingOf(f: { name?: string | null; email?: string | null; nationality?: string | null }): string[] {
  const missing: string[] = [];
  if (!f.name?.trim()) missing.push('name');
  if (!f.email?.trim()) missing.push('email');
  if (!f.nationality?.trim()) missing.push('nationality');
  return missing;
}

/** The stored forms a typed document may have (RUT, CPF, CNPJ normalisations and as typed), as the fichas search. */
export function documentForms(term: string): string[] {
  return dniCandidates(term);
}

/** Lower case, accents removed, punctuation as spaces: the folding of the fichas name search. */
export function foldSearchText(term: string): string {
  return foldText(term);
}
