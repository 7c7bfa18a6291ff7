import { type CountryCondition, meetsCountry } from './permissions';

/**
 * The business rules that belong to one country's regulation (decision 159): the ROE amount and Circular 59's wire
 * transfer amount are Chile's (the UAF), the COAF amount and the yearly non-occurrence duty are Brazil's. A company
 * of the other country has no such rule: the business rules answer null for it, the screen does not offer it, and
 * the server refuses a value for it (BUSINESS_RULE_NOT_FOR_COUNTRY naming the field) rather than storing a setting
 * nothing reads. Rules not listed here apply in every country.
 */
export const COUNTRY_RULES = {
  roeThresholdUsd: 'notBrazil',
  ddWireUsd: 'notBrazil',
  coafCashThresholdBrl: 'onlyBrazil',
  coafNonOccurrence: 'onlyBrazil',
} as const satisfies Record<string, CountryCondition>;

export type CountryRuleKey = keyof typeof COUNTRY_RULES;

/** Whether the business rule `key` applies to a company of `country` (true for a rule of every country). */
export function ruleApplies(key: string, country: string | null | undefined): boolean {
  const condition = (COUNTRY_RULES as Record<string, CountryCondition>)[key];
  return condition === undefined || meetsCountry(condition, country);
}

/** The first key of `values` given a value (not undefined) that is not a rule of `country`; null when none is. */
export function foreignRule(values: Record<string, unknown> | undefined, country: string | null | undefined) {
  if (!values) return null;
  for (const key of Object.keys(COUNTRY_RULES))
    if (values[key] !== undefined && values[key] !== null && !ruleApplies(key, country)) return key;
  return null;
}
