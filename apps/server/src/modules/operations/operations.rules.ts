import { defaultDocumentType, formatDocument, validateDocument } from '@regcheck/shared/documents/index';
import { meetsCountry, PERMISSIONS } from '@regcheck/shared/permissions';
import { coafThresholdOf } from '@regcheck/shared/schemas/coaf';
import { type AssociateInputT, DEFAULT_ROE_THRESHOLD_USD } from '@regcheck/shared/schemas/operations';
import type { Caller } from '../../plugins/context';
import { opError } from './operations.errors';

/** Rules of spec 000 §5 that need no database: documents, duplicates, one currency, cash within the amounts. */

export interface CheckedAssociate extends AssociateInputT {
  /** canonical document (RUT 12345678-5, CPF 11 digits...) */
  dniNormalized: string;
  dniFormatted: string;
  dniCountry: string;
  dniDocument: string;
}

const cents = (n: number) => Math.round(n * 100);

/**
 * Validates each participant's document against its country and person type, refuses the same person twice and a
 * participant currency other than the operation's, and keeps cash within each participant's contribution.
 */
export function checkAssociates(list: AssociateInputT[], divisa: string, companyCountry: string): CheckedAssociate[] {
  const seenDni = new Set<string>();
  const seenFicha = new Set<string>();
  return list.map((a, i) => {
    const country = (a.dniType?.country || companyCountry).toUpperCase();
    const document = (a.dniType?.document || defaultDocumentType(country, a.type)).toUpperCase();
    const v = validateDocument({ country, personType: a.type, type: document, value: a.dni });
    if (v.error === 'DOCUMENT_TYPE_NOT_ALLOWED') {
      throw opError('DOCUMENT_TYPE_NOT_ALLOWED', {
        field: `associates.${i}.dniType`,
        params: { type: document, country },
      });
    }
    if (!v.valid) throw opError('DOCUMENT_INVALID', { field: `associates.${i}.dni`, params: { dni: a.dni } });
    if (seenDni.has(v.normalized) || (a.fichaId && seenFicha.has(a.fichaId))) {
      throw opError('PERSON_ALREADY_ADDED', { field: `associates.${i}.dni`, params: { dni: v.formatted } });
    }
    seenDni.add(v.normalized);
    if (a.fichaId) seenFicha.add(a.fichaId);
    if (a.currency && a.currency !== divisa) {
      throw opError('CURRENCY_MISMATCH', { field: `associates.${i}.currency`, params: { currency: divisa } });
    }
    if (cents(a.efective) > cents(a.monto)) {
      throw opError('CASH_EXCEEDS_CONTRIBUTED', { field: `associates.${i}.efective`, params: { dni: v.formatted } });
    }
    return {
      ...a,
      currency: divisa as AssociateInputT['currency'],
      dniNormalized: v.normalized,
      dniFormatted: formatDocument(document, v.normalized),
      dniCountry: country,
      dniDocument: document,
    };
  });
}

/** The operation's cash cannot exceed its amount ('Cash exceeds the total'). */
export function checkTotals(amount: number, cashAmount: number) {
  if (cents(cashAmount) > cents(amount)) throw opError('CASH_EXCEEDS_TOTAL', { field: 'cashAmount' });
}

/** A suspicious-operation mark needs its reason. */
export function checkRos(ros: boolean, reason: string | null | undefined) {
  if (ros && !reason?.trim()) throw opError('ROS_REASON_REQUIRED', { field: 'rosReason' });
}

/** An amount bound in the customer-management filter needs a currency. */
export function checkAmountFilter(f: { amountMin?: number; amountMax?: number; currency?: string }) {
  if ((f.amountMin !== undefined || f.amountMax !== undefined) && !f.currency) {
    throw opError('AMOUNT_FILTER_NEEDS_CURRENCY', { field: 'currency' });
  }
}

export const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;

/** An operation can change only while it is active and open ('resume' a finished one first). */
export function assertEditable(o: { state: string; recordStatus: string }) {
  if (o.recordStatus === 'inactive') throw opError('OPERATION_INACTIVE');
  if (o.state === 'closed') throw opError('OPERATION_FINISHED');
}

/** The company's ROE threshold in USD (its setting, else the default of spec 000). */
export function roeThreshold(caller: Caller): number {
  return roeThresholdOf(caller.auth.company?.settings);
}

/** The ROE threshold of a company's settings (a job reads the settings without a signed-in caller). */
export function roeThresholdOf(settings: unknown): number {
  const v = Number((settings as Record<string, unknown> | undefined | null)?.roeThresholdUsd);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_ROE_THRESHOLD_USD;
}

/**
 * Whether the ROE applies to a company of this country: it is Chile's (filed with the UAF), so a Brazilian
 * company's cash is never ROE nor "pending a rate for the ROE" (issue 23, point 3). The permission table's condition
 * of the ROE keys (roeHistory, roeReports), so the routes, the screens and this rule agree.
 */
export function roeApplies(country: string | null | undefined): boolean {
  return meetsCountry(PERMISSIONS.roeHistory.country, country);
}

/**
 * The day an operation's cash is converted to USD on: its transaction date, else its registration date (UTC); an
 * operation being created has no registration date yet, so today. Its SQL twin is RATE_DAY in operations.roe.repo.ts
 * (and migration 0610): change both together.
 */
export function rateDayOf(transactionDate: Date | string | null | undefined, registrationDate?: Date | string | null) {
  return new Date(transactionDate ?? registrationDate ?? new Date()).toISOString().slice(0, 10);
}

/**
 * What an operation's view needs of its company's rules: whether the ROE applies (Chile), and Brazil's COAF
 * threshold in BRL (null where the COAF does not apply: the coafReports key's country condition).
 */
export interface ViewRules {
  roeApplies: boolean;
  coafThresholdBrl: number | null;
}

export function viewRules(caller: Caller): ViewRules {
  const company = caller.auth.company;
  return {
    roeApplies: roeApplies(company?.country),
    coafThresholdBrl: meetsCountry(PERMISSIONS.coafReports.country, company?.country)
      ? coafThresholdOf(company?.settings)
      : null,
  };
}
