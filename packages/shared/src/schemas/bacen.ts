import { z } from 'zod';
import { isValidCnpj } from '../documents/cnpj';
import { isValidCpf } from '../documents/cpf';

/** A CPF or CNPJ (formatted or not), checked with its check digits. */
const CpfOrCnpj = z
  .string()
  .trim()
  .max(20)
  .refine((v) => isValidCpf(v) || isValidCnpj(v), 'not a valid CPF or CNPJ');

const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The destination account of a transfer or Pix (what the institution knows of it). */
export const BacenDestination = z.object({
  institution: optText(200),
  branch: optText(20),
  account: optText(40),
  holder: optText(200),
  holderDocument: CpfOrCnpj.nullish().transform((v) => v || null),
  pixKey: optText(140),
});

export type BacenOperationType = 'transfer' | 'pix' | 'other';
type DestinationFields = Partial<Record<'institution' | 'account' | 'pixKey', string | null | undefined>>;

/**
 * A transfer or a Pix (money sent to an account: "for transfers the destination account", DOMAIN.md) needs its
 * destination account: a transfer the institution and the account, a Pix its key or the institution and account.
 * The first missing field of `destination`, or null. The server refuses with it (BACEN_DESTINATION_REQUIRED on
 * `destination.<field>`), the form marks it.
 */
export function bacenMissingDestination(
  type: BacenOperationType,
  d: DestinationFields | null | undefined,
): 'institution' | 'account' | 'pixKey' | null {
  const has = (v: string | null | undefined) => Boolean(v?.trim());
  if (type === 'other') return null;
  if (type === 'pix' && has(d?.pixKey)) return null;
  if (!has(d?.institution)) return type === 'pix' && !has(d?.account) ? 'pixKey' : 'institution';
  if (!has(d?.account)) return type === 'pix' ? 'pixKey' : 'account';
  return null;
}

/**
 * A fraud-indication record (Resolução Conjunta 6/2023): who executed or attempted the fraud (CPF/CNPJ when known),
 * the description of the indications, the registering institution, the destination account of a transfer or Pix,
 * the customer's prior consent and the time the indications were identified.
 */
export const BacenReportBody = z.object({
  fichaId: z.string().uuid().nullish(),
  suspectName: optText(200),
  suspectDocument: CpfOrCnpj.nullish().transform((v) => v || null),
  description: text(4000),
  registeringInstitution: text(200),
  operationType: z.enum(['transfer', 'pix', 'other']),
  /** required for a transfer (institution and account) and a Pix (its key, or institution and account) */
  destination: BacenDestination.nullish(),
  /** the customer's prior consent: required (400 BACEN_CONSENT_REQUIRED otherwise) */
  consent: z.boolean(),
  identifiedAt: z.iso.datetime({ offset: true }),
});
export type BacenReportBody = z.infer<typeof BacenReportBody>;

export const BacenReportUpdateBody = BacenReportBody.extend({
  /** why the record changes: kept with the previous version */
  reason: z.string().trim().max(1000),
});

export const BacenDeleteBody = z.object({ deletedReason: z.string().trim().max(1000) });

export const BacenReportView = z.object({
  id: z.string(),
  companyId: z.string(),
  fichaId: z.string().nullable(),
  suspectName: z.string().nullable(),
  suspectDocument: z.string().nullable(),
  description: z.string(),
  registeringInstitution: z.string(),
  operationType: z.enum(['transfer', 'pix', 'other']),
  destination: z
    .object({
      institution: z.string().nullable().optional(),
      branch: z.string().nullable().optional(),
      account: z.string().nullable().optional(),
      holder: z.string().nullable().optional(),
      holderDocument: z.string().nullable().optional(),
      pixKey: z.string().nullable().optional(),
    })
    .nullable(),
  consent: z.boolean(),
  consentAt: z.string(),
  identifiedAt: z.string(),
  /** the identification time the record was first registered with (a later change keeps it) */
  firstIdentifiedAt: z.string(),
  registeredAt: z.string(),
  /** identification + 24 hours: the time by which the record had to be registered */
  deadlineAt: z.string(),
  /** registered more than 24 hours after the identification: decided at registration, never cleared by a change */
  late: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedReason: z.string().nullable(),
});
export type BacenReportView = z.infer<typeof BacenReportView>;

export const BacenVersionView = z.object({
  version: z.number(),
  data: z.record(z.string(), z.unknown()),
  reason: z.string(),
  changedBy: z.string().nullable(),
  /** the name of the user who made the change (who), for the auditor */
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});

export const BacenDeclarationStatus = z.object({
  /** the month the declaration covers (YYYY-MM): the previous month */
  month: z.string(),
  /** the 15th of the current month */
  dueDate: z.string(),
  declaredAt: z.string().nullable(),
  overdue: z.boolean(),
});
