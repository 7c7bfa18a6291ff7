import {
  DEFAULT_DD_OCCASIONAL_USD,
  DEFAULT_DD_WIRE_USD,
  type DUE_DILIGENCE_RULES,
  type DueDiligenceView,
} from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { Executor } from '../../db/tenant';
import type { TenantCaller } from '../../plugins/context';
import { type Rate, type RateUsed, rateFor } from '../currency-rates';
import { amountInUsd } from './operations.roe';
import { rateDayOf, roeApplies } from './operations.rules';

/**
 * Due diligence by amount (issue 23 point 4; DOMAIN.md "Due diligence thresholds"; decisions 145-147). An operation
 * requires due diligence when its whole amount, in USD at the rate of its day (the ROE's one conversion,
 * amountInUsd), is above:
 * - the company's ddOccasionalUsd (default USD 15,000, FATF R.10), for an occasional transaction, in every country;
 * - the company's ddWireUsd (default USD 1,000, Chile's Circular 59), for an occasional transaction or a wire
 *   transfer, in a company under Chile's rules (not Brazil's).
 * An occasional transaction is one outside a business relationship: every operation without an insurance policy
 * (policyNumber); a wire transfer is an operation of type 'transfer' or 'remittance', or whose free-text type names a
 * transfer or remittance (decision 145). Without a rate
 * for the day the result is pending (never guessed); the forms ask the declaration meanwhile (decision 147).
 * Evaluated on create and edit, and by the job after a rate load; stored on the operation (`due_diligence`).
 */

export type DueDiligenceRule = (typeof DUE_DILIGENCE_RULES)[number];
export type DueDiligence = z.infer<typeof DueDiligenceView>;

/** The thresholds in force for a company: its settings, else the defaults; the wire rule only under Chile's rules. */
export interface DueDiligenceThresholds {
  occasionalUsd: number;
  /** null: Circular 59 does not apply (a Brazilian company) */
  wireUsd: number | null;
}

const positive = (v: unknown, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== null && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The due-diligence thresholds of a company's country and settings (a job reads them without a caller). */
export function ddThresholdsOf(country: string | null | undefined, settings: unknown): DueDiligenceThresholds {
  const s = (settings ?? {}) as Record<string, unknown>;
  return {
    occasionalUsd: positive(s.ddOccasionalUsd, DEFAULT_DD_OCCASIONAL_USD),
    wireUsd: roeApplies(country) ? positive(s.ddWireUsd, DEFAULT_DD_WIRE_USD) : null,
  };
}

export const ddThresholdsOfCaller = (c: TenantCaller) =>
  ddThresholdsOf(c.auth.company?.country, c.auth.company?.settings);

/** The operation types that are wire transfers (the catalogue of the operation form, decision 145). */
export const WIRE_TRANSFER_TYPES: readonly string[] = ['transfer', 'remittance'];
/**
 * A type written as free text (bulk loads, the API, older operations: "Transferencia internacional", "Remesa",
 * "Wire transfer", "Transferência") that names a transfer of funds, once lower-cased and without accents.
 */
const WIRE_WORDS = /transfer|remesa|remessa|remit|\bwire\b|\bswift\b/;
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export interface DueDiligenceInput {
  amount: number;
  divisa: string;
  /** the day converted on (rateDayOf) */
  day: string;
  transactionType: string | null | undefined;
  policyNumber: string | null | undefined;
}

/** Whether an operation is occasional: outside a business relationship, i.e. without an insurance policy. */
export const isOccasional = (o: Pick<DueDiligenceInput, 'policyNumber'>) => !o.policyNumber?.trim();
export const isWireTransfer = (o: Pick<DueDiligenceInput, 'transactionType'>) =>
  !!o.transactionType && (WIRE_TRANSFER_TYPES.includes(o.transactionType) || WIRE_WORDS.test(plain(o.transactionType)));

/** The due diligence of an operation with its day's rate already found (undefined: the day has none). */
export function dueDiligenceWith(
  t: DueDiligenceThresholds,
  o: DueDiligenceInput,
  rate: Rate | undefined,
): DueDiligence {
  const none = { rateDate: null, perUsd: null, source: null };
  if (!(o.amount > 0)) return { required: false, pending: null, amountUsd: 0, ...none, rules: [] };
  const converted = amountInUsd(o.amount, o.divisa, o.day, rate);
  if (!converted) return { required: false, pending: o.day, amountUsd: null, ...none, rules: [] };
  const usd = converted.usd;
  const rules: DueDiligence['rules'] = [];
  const occasional = isOccasional(o);
  if (occasional && usd > t.occasionalUsd) rules.push({ rule: 'fatfR10Occasional', thresholdUsd: t.occasionalUsd });
  if (t.wireUsd !== null && usd > t.wireUsd) {
    if (isWireTransfer(o)) rules.push({ rule: 'cl59Wire', thresholdUsd: t.wireUsd });
    else if (occasional) rules.push({ rule: 'cl59Occasional', thresholdUsd: t.wireUsd });
  }
  return { required: rules.length > 0, pending: null, amountUsd: usd, ...rateOf(converted.rate), rules };
}

const rateOf = (r: RateUsed) => ({ rateDate: r.rateDate, perUsd: r.perUsd, source: r.source });

/** The due diligence of an operation being created or edited, in its transaction (looks up the day's rate). */
export async function dueDiligenceOf(
  trx: Executor,
  t: DueDiligenceThresholds,
  o: Omit<DueDiligenceInput, 'day'> & {
    transactionDate: Date | string | null;
    registrationDate?: Date | string | null;
  },
): Promise<DueDiligence> {
  const day = rateDayOf(o.transactionDate, o.registrationDate);
  const input = { ...o, day };
  return dueDiligenceWith(t, input, o.amount > 0 ? await rateFor(trx, o.divisa, day) : undefined);
}

/** Whether the operation's participants owe the declaration: a rule asked for it, or the rate is still missing. */
export const asksDeclaration = (d: DueDiligence | null | undefined) => !!d && (d.required || d.pending !== null);
