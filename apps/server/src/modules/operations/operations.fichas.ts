import type { RiskLevel } from '@regcheck/shared/format/index';
import type { PUBLIC_CONTACT_FIELDS } from '@regcheck/shared/schemas/operations';
import type { AppDeps, AuthContext } from '../../plugins/context';
import * as participants from '../fichas/fichas.participants';
import { type Ctx, dniCandidates, get as getFicha, patch as patchFicha } from '../fichas/fichas.service';
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

export type ContactField = (typeof PUBLIC_CONTACT_FIELDS)[number];
export type ParticipantContact = Record<ContactField, string | null>;

/**
 * The fichas service's caller for a visitor of a public link: no user (the audit row has userId null), bound to
 * the link's company. The fichas service reads nothing of the caller but its user id and company.
 */
function visitorCtx(companyId: string, req: { ip?: string; requestId?: string }): Ctx {
  const auth = { userId: null, sessionId: null, role: null, companyId, company: null, user: null };
  return { auth: auth as unknown as AuthContext, companyId, ip: req.ip ?? null, requestId: req.requestId ?? null };
}

function contactOf(r: Record<string, unknown>, fields: readonly ContactField[]): ParticipantContact {
  return Object.fromEntries(fields.map((k) => [k, (r[k] as string | null | undefined) ?? null])) as ParticipantContact;
}

/** The contact fields of a participant's ficha, for a public link of its company. */
export async function contactOfFicha(
  deps: AppDeps,
  companyId: string,
  fichaId: string,
  fields: readonly ContactField[],
): Promise<ParticipantContact> {
  const row = await getFicha(deps, visitorCtx(companyId, {}), fichaId);
  return contactOf(row as unknown as Record<string, unknown>, fields);
}

/**
 * Updates only the given contact fields of a participant's ficha through the fichas service (validated, audited
 * with no user and the given action, never screened: no identity field can change).
 */
export async function updateContactOfFicha(
  deps: AppDeps,
  companyId: string,
  fichaId: string,
  values: Partial<ParticipantContact>,
  req: { ip?: string; requestId?: string; action: string },
) {
  await patchFicha(deps, visitorCtx(companyId, req), fichaId, values, { screen: false, action: req.action });
}
