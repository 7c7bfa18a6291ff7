import type { PUBLIC_CONTACT_FIELDS } from '@regcheck/shared/schemas/operations';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { AssociateRow } from '../../db/tables/operations.tables';
import { type AppDeps, type AuthContext, inCompany, systemCaller, type TenantCaller } from '../../plugins/context';
import type { ParticipantFicha } from '../fichas';
import * as participants from '../fichas';
import { dniCandidates, fichaError, foldText, get as getFicha, patch as patchFicha } from '../fichas';

/**
 * The participants of an operation are fichas. This adapter is the only place the operations module asks the
 * fichas module for them, through its service (never its tables). Lookups and the validation and screening of new
 * participants run before the operation's transaction (the fichas service opens its own, and PGlite has one
 * connection); the new fichas are stored inside it, so that the operation and its participants commit together.
 */
export type { ParticipantFicha };
export type PreparedFicha = participants.PreparedParticipantFicha;

export type NewFichaInput = participants.NewParticipantFicha;

/** Existing active fichas of the caller's company by normalized document (one query). */
export function findFichasByDni(
  deps: AppDeps,
  caller: TenantCaller,
  dnis: string[],
): Promise<Map<string, ParticipantFicha>> {
  return participants.findFichasByDni(deps, caller, dnis);
}

/** Fichas of the caller's company by id (current risk and contact data); unknown ids are left out. */
export function findFichasById(
  deps: AppDeps,
  caller: TenantCaller,
  ids: string[],
): Promise<Map<string, ParticipantFicha>> {
  return ids.length === 0 ? Promise.resolve(new Map()) : participants.findFichasById(deps, caller, ids);
}

/**
 * The fichas the participants name by id: each must be the caller's company's, else 404 FICHA_NOT_FOUND naming the
 * participant (another company's ficha is never linked, nor silently replaced by one with the same document).
 */
export async function namedFichas(
  deps: AppDeps,
  caller: TenantCaller,
  associates: { fichaId?: string | null }[],
): Promise<Map<string, ParticipantFicha>> {
  const found = await findFichasById(
    deps,
    caller,
    associates.flatMap((a) => (a.fichaId ? [a.fichaId] : [])),
  );
  for (const [i, a] of associates.entries())
    if (a.fichaId && !found.has(a.fichaId)) throw fichaError('FICHA_NOT_FOUND', { field: `associates.${i}.fichaId` });
  return found;
}

/**
 * Validates and screens a participant's new ficha with the minimum fields, through the fichas module, writing
 * nothing (a missing name answers its 400 before anything is stored).
 */
export function prepareFicha(deps: AppDeps, caller: TenantCaller, input: NewFichaInput): Promise<PreparedFicha> {
  return participants.prepareParticipantFicha(deps, caller, {
    ...input,
    name: input.personType === 'natural' ? input.name : undefined,
    fatherName: input.personType === 'natural' ? input.fatherName : undefined,
    motherName: input.personType === 'natural' ? input.motherName : undefined,
    socialReason: input.personType === 'legal' ? (input.socialReason ?? input.name) : undefined,
    email: input.email?.trim() || undefined,
  });
}

/** Stores a prepared participant's ficha inside the operation's transaction (rated and audited there). */
export function storeFicha(
  deps: AppDeps,
  caller: TenantCaller,
  prepared: PreparedFicha,
  trx: Transaction<Database>,
): Promise<ParticipantFicha> {
  return participants.storeParticipantFicha(deps, caller, prepared, trx);
}

/** Refreshes the participants' name, e-mail and risk from their fichas (finish and resume). */
export async function refreshFromFichas(deps: AppDeps, caller: TenantCaller, associates: AssociateRow[]) {
  const ids = associates.flatMap((a) => (a.fichaId ? [a.fichaId] : []));
  const current = await findFichasById(deps, caller, ids);
  return associates.map((a) => {
    const f = a.fichaId ? current.get(a.fichaId) : undefined;
    return f ? { ...a, name: f.name, email: f.email, risk: f.risk ?? '-', missingFields: f.missingFields } : a;
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

/** Who opened a public link: where from, for the audit row and the log. */
export interface Visitor {
  ip?: string;
  requestId?: string;
  log?: FastifyBaseLogger;
}

/** A public link's holder is no user: the audit row has userId null. */
const VISITOR_AUTH = {
  userId: null,
  sessionId: null,
  role: null,
  companyId: null,
  company: null,
  user: null,
} as unknown as AuthContext;

/**
 * The fichas service's caller for a visitor of a public link: no user, bound to the link's company. The fichas
 * service reads nothing of the caller but its user id and company.
 */
function visitorCaller(deps: AppDeps, companyId: string, visitor: Visitor): TenantCaller {
  const platform = systemCaller({ ...VISITOR_AUTH, companyId }, visitor.log ?? deps.log, companyId);
  return inCompany({ ...platform, ip: visitor.ip ?? null, requestId: visitor.requestId ?? null });
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
  const row = await getFicha(deps, visitorCaller(deps, companyId, {}), fichaId);
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
  visitor: Visitor & { action: 'consultation.public.update'; via: { publicLinkId: string } & Record<string, unknown> },
) {
  await patchFicha(deps, visitorCaller(deps, companyId, visitor), fichaId, values, {
    screen: false,
    action: visitor.action,
    via: visitor.via,
  });
}
