import { ruleApplies } from '@regcheck/shared/country-rules';
import { PEP_YEARS_MAX } from '@regcheck/shared/pep-status';
import { REVIEW_YEARS_MAX, REVIEW_YEARS_MIN } from '@regcheck/shared/reviews';
import type { BusinessRulesT } from '../api/company-config-api';

/** The business rules as the inputs hold them: the screening threshold as a whole percentage (85, not 0.85). */
export interface BusinessRulesForm {
  roeThresholdUsd: number | string;
  ddOccasionalUsd: number | string;
  ddWireUsd: number | string;
  beneficialOwnerThreshold: number | string;
  beneficialOwnerInclusive: boolean;
  declarationWindowDays: number | string;
  screeningThresholdPercent: number | string;
  monitoringDay: number | string;
  reviewYearsHigh: number | string;
  reviewYearsMedium: number | string;
  reviewYearsLow: number | string;
  /** Brazil: the COAF threshold in BRL (inclusive) and whether the sector sends the yearly non-occurrence */
  coafCashThresholdBrl: number | string;
  coafNonOccurrence: boolean;
  /** years a customer stays PEP after leaving office (decision 170): at least the country's rule */
  pepYearsAfterOffice: number | string;
}

export const RULE_FIELDS = [
  'roeThresholdUsd',
  'ddOccasionalUsd',
  'ddWireUsd',
  'beneficialOwnerThreshold',
  'declarationWindowDays',
  'screeningThresholdPercent',
  'monitoringDay',
  'reviewYearsHigh',
  'reviewYearsMedium',
  'reviewYearsLow',
  'coafCashThresholdBrl',
  'pepYearsAfterOffice',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export function toForm(r: BusinessRulesT): BusinessRulesForm {
  return {
    // a rule of another country's regulation is null (decision 159): its field is not offered
    roeThresholdUsd: r.roeThresholdUsd ?? '',
    ddOccasionalUsd: r.ddOccasionalUsd,
    ddWireUsd: r.ddWireUsd ?? '',
    beneficialOwnerThreshold: r.beneficialOwnerThreshold,
    beneficialOwnerInclusive: r.beneficialOwnerInclusive,
    declarationWindowDays: r.declarationWindowDays,
    screeningThresholdPercent: Math.round(r.screeningThreshold * 100),
    monitoringDay: r.monitoringDay,
    reviewYearsHigh: r.reviewYearsHigh,
    reviewYearsMedium: r.reviewYearsMedium,
    reviewYearsLow: r.reviewYearsLow,
    coafCashThresholdBrl: r.coafCashThresholdBrl ?? '',
    coafNonOccurrence: r.coafNonOccurrence ?? false,
    pepYearsAfterOffice: r.pepYearsAfterOffice,
  };
}

/**
 * The rules to save: every rule of the company's `country`, none of another country's regulation (the server
 * refuses those: decision 159).
 */
export function fromForm(f: BusinessRulesForm, country: string): Partial<BusinessRulesT> {
  const all: BusinessRulesT = {
    roeThresholdUsd: Number(f.roeThresholdUsd),
    ddOccasionalUsd: Number(f.ddOccasionalUsd),
    ddWireUsd: Number(f.ddWireUsd),
    beneficialOwnerThreshold: Number(f.beneficialOwnerThreshold),
    beneficialOwnerInclusive: f.beneficialOwnerInclusive,
    declarationWindowDays: Number(f.declarationWindowDays),
    screeningThreshold: Number(f.screeningThresholdPercent) / 100,
    monitoringDay: Number(f.monitoringDay),
    reviewYearsHigh: Number(f.reviewYearsHigh),
    reviewYearsMedium: Number(f.reviewYearsMedium),
    reviewYearsLow: Number(f.reviewYearsLow),
    coafCashThresholdBrl: Number(f.coafCashThresholdBrl),
    coafNonOccurrence: f.coafNonOccurrence,
    pepYearsAfterOffice: Number(f.pepYearsAfterOffice),
  };
  return Object.fromEntries(Object.entries(all).filter(([k]) => ruleApplies(k, country))) as Partial<BusinessRulesT>;
}

type Problem = { key: string; params?: Record<string, unknown> };

/**
 * Client checks mirroring BusinessRules: the i18n key (and its values) of each field's error, for the rules of the
 * company's `country` only (decision 159). `ownerMax` is the company's country bound of the beneficial-owner threshold (beneficialOwnerThresholdMax: 25 for Brazil).
 */
export function validateRules(
  f: BusinessRulesForm,
  country: string,
  ownerMax = 100,
  pepYearsMin = 1,
): Partial<Record<RuleField, Problem>> {
  const out: Partial<Record<RuleField, Problem>> = {};
  const range = (field: RuleField, min: number, max: number, integer: boolean) => {
    if (!ruleApplies(field, country)) return;
    const raw = f[field];
    const n = Number(raw);
    if (raw === '' || !Number.isFinite(n)) out[field] = { key: 'admin:validation.number' };
    else if (integer && !Number.isInteger(n)) out[field] = { key: 'companyConfig:validation.integer' };
    else if (n < min || n > max) out[field] = { key: 'companyConfig:validation.range', params: { min, max } };
  };
  range('roeThresholdUsd', 0.01, 1e12, false);
  // due diligence by amount (FATF R.10; Chile's Circular 59), in USD
  range('ddOccasionalUsd', 0.01, 1e12, false);
  range('ddWireUsd', 0.01, 1e12, false);
  range('coafCashThresholdBrl', 0.01, 1e12, false);
  range('beneficialOwnerThreshold', 0, ownerMax, false);
  range('declarationWindowDays', 1, 3650, true);
  range('screeningThresholdPercent', 50, 100, true);
  range('monitoringDay', 1, 28, true);
  // the periodic review of customers: whole years (DOMAIN.md; packages/shared reviews.ts)
  for (const field of ['reviewYearsHigh', 'reviewYearsMedium', 'reviewYearsLow'] as const)
    range(field, REVIEW_YEARS_MIN, REVIEW_YEARS_MAX, true);
  // the PEP rule of the company's country: never fewer years than it (Chile 1, Brazil 5)
  range('pepYearsAfterOffice', pepYearsMin, PEP_YEARS_MAX, true);
  return out;
}
