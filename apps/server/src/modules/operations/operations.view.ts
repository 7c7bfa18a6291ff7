import { formatAmount, padCodigo } from '@regcheck/shared/format/index';
import type { OperationViewT, ParticipantFormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { AssociateRow, OperationRow, PolicyHistoryRow, SnapshotRow } from '../../db/tables/operations.tables';
import { addBusinessDays, localDate } from '../../lib/business-days';
import { documentsView, type StoredDocument } from '../../lib/stored-documents';
import { rateDayOf, type ViewRules } from './operations.rules';

type Currency = OperationViewT['divisa'];
type Risk = OperationViewT['risk'];

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
const num = (v: unknown) => (v == null ? 0 : Number(v));
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

export function associateView(a: AssociateRow) {
  const missing = (a.missingFields ?? []) as string[];
  return {
    dni: a.dni,
    type: a.personType,
    currency: a.currency as Currency,
    monto: num(a.monto),
    montoFormat: formatAmount(num(a.monto)),
    efective: num(a.efective),
    personsRelations: (a.personsRelations ?? []) as Record<string, unknown>[],
    fichaId: a.fichaId,
    name: a.name,
    email: a.email,
    risk: (a.risk || '-') as Risk,
    withoutEmail: !a.email,
    incomplete: missing.length > 0,
    missingFields: missing,
  };
}

/**
 * Brazil's COAF (issue 23, point 3; decision 150): BRL cash of the company's threshold or more is communicated by
 * the next Brazilian business day after the operation's day (its transaction date, else its registration day in
 * Brasília; the SQL twin is OPERATION_DAY in reports.coaf.repo.ts). Null where the COAF does not apply or below.
 */
function coafDeadlineOf(o: OperationRow, thresholdBrl: number | null): string | null {
  if (thresholdBrl === null || o.divisa !== 'BRL' || num(o.cashAmount) < thresholdBrl) return null;
  const day = o.transactionDate
    ? new Date(o.transactionDate).toISOString().slice(0, 10)
    : localDate('BR', new Date(o.registrationDate ?? Date.now()));
  return addBusinessDays(day, 1, 'BR');
}

/**
 * An operation row and its participants as the API answers them. `rules.roeApplies` (operations.rules.ts): the
 * company's country has the ROE; otherwise cash without a dollar rate is not "pending" (the ROE is Chile's, issue 23
 * point 3). `rules.coafThresholdBrl`: Brazil's COAF threshold (null elsewhere).
 */
export function operationView(o: OperationRow, associates: AssociateRow[], rules: ViewRules): OperationViewT {
  const { roeApplies } = rules;
  const parts = associates.map(associateView);
  const docs = documentsView(o.documents as StoredDocument[]);
  return {
    id: o.id,
    codigo: o.codigo,
    codigoFormatted: padCodigo(o.codigo),
    transactionType: o.transactionType,
    transactionDate: iso(o.transactionDate),
    registrationDate: iso(o.registrationDate) as string,
    referenceNumber: o.referenceNumber,
    transactionComments: o.transactionComments,
    divisa: o.divisa as Currency,
    amount: num(o.amount),
    cashAmount: num(o.cashAmount),
    totalAmount: parts.reduce((s, p) => s + p.monto, 0),
    totalEfective: parts.reduce((s, p) => s + p.efective, 0),
    amountFormated: formatAmount(num(o.amount)),
    includesCash: o.includesCash,
    status: o.state,
    recordStatus: o.recordStatus,
    consultationStatus: o.consultationStatus as OperationViewT['consultationStatus'],
    formDOF: o.formDof as OperationViewT['formDOF'],
    formBF: o.formBf as OperationViewT['formBF'],
    pepDefaultFormStatus: o.pepDefaultFormStatus as OperationViewT['pepDefaultFormStatus'],
    risk: (o.risk || '-') as Risk,
    tags: (o.tags ?? []) as { name: string }[],
    ros: o.ros,
    rosReason: o.rosReason,
    roe: o.roe,
    cashAmountUsd: numOrNull(o.cashAmountUsd),
    // cash without a dollar rate for its day: neither ROE nor not until the rate is loaded (decision 128), in a
    // company the ROE applies to
    cashRatePending:
      roeApplies && num(o.cashAmount) > 0 && o.cashAmountUsd == null
        ? rateDayOf(o.transactionDate, o.registrationDate)
        : null,
    dueDiligence: o.dueDiligence ?? null,
    coafDeadline: coafDeadlineOf(o, rules.coafThresholdBrl),
    // Brazil, cash in another currency: no BRL rate in the product, so the COAF rule is not checked (decision 158)
    coafUnchecked: rules.coafThresholdBrl !== null && o.divisa !== 'BRL' && num(o.cashAmount) > 0,
    creator: { id: o.createdBy, name: o.createdByName },
    createdAt: iso(o.createdAt) as string,
    updatedAt: iso(o.updatedAt) as string,
    deletedBy: o.deletedBy,
    deletedAt: iso(o.deletedAt),
    finishedAt: iso(o.finishedAt),
    read: o.read,
    associates: parts,
    personsRUTS: parts.map((p) => p.dni),
    transporter: (o.transporter ?? null) as OperationViewT['transporter'],
    documents: docs,
    transactionComplete: isTransactionComplete(o, associates),
    policyNumber: o.policyNumber,
    product: o.product,
    startDate: o.startDate,
    endDate: o.endDate,
    premiumSFP: numOrNull(o.premiumSfp),
    policyStatus: o.policyStatus,
    paymentChannel: o.paymentChannel,
    paymentMethod: o.paymentMethod,
    policyValueAtClosure: numOrNull(o.policyValueAtClosure),
  };
}

/**
 * The transaction is complete when it has a type, a date, at least one participant, a positive amount and every
 * participant contributes a positive amount (spec 000 §4: required before finishing).
 */
export function isTransactionComplete(o: OperationRow, associates: AssociateRow[]): boolean {
  return (
    !!o.transactionType?.trim() &&
    !!o.transactionDate &&
    associates.length > 0 &&
    num(o.amount) > 0 &&
    associates.every((a) => num(a.monto) > 0)
  );
}

export function hasPendingFiles(o: OperationRow): boolean {
  return ((o.documents ?? []) as StoredDocument[]).some((d) => d.active && d.pending);
}

export function snapshotView(s: SnapshotRow) {
  const data = s.data as { operation: OperationViewT; diligences: z.infer<typeof ParticipantFormStatus>[] };
  return {
    id: s.id,
    operationId: s.operationId,
    seq: s.seq,
    kind: s.kind,
    createdAt: iso(s.createdAt) as string,
    createdBy: { id: s.createdBy, name: s.createdByName },
    data: data.operation,
    diligences: data.diligences ?? [],
  };
}

export function policyHistoryView(p: PolicyHistoryRow) {
  return {
    id: p.id,
    changedAt: iso(p.changedAt) as string,
    changedBy: { id: p.changedBy, name: p.changedByName },
    policy: p.policy as Record<string, unknown>,
  };
}

/** Text the list search looks in (lower case): codigo, reference, comments, tags, participants' documents and names. */
export function searchTextOf(
  o: {
    codigo: number;
    referenceNumber?: string | null;
    transactionComments?: string | null;
    tags?: { name: string }[];
  },
  associates: { dni: string; name: string; formatted?: string }[],
): string {
  return [
    padCodigo(o.codigo),
    o.referenceNumber ?? '',
    o.transactionComments ?? '',
    ...(o.tags ?? []).map((t) => t.name),
    ...associates.flatMap((a) => [a.dni, a.formatted ?? '', a.name]),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
