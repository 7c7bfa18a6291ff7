import { type CountryLanguage, countryName, findCountry, orderedCountries } from '@regcheck/shared/reference/index';
import { RiskConfiguration, type RiskConfigurationT } from '@regcheck/shared/schemas/fichas';

/** The weighted factors of the model, in the order the page shows them. */
export const WEIGHT_KEYS = ['customerType', 'pep', 'activity', 'income', 'geography', 'lists', 'related'] as const;
export type WeightKey = (typeof WEIGHT_KEYS)[number];

/** Factor score tables: group of the configuration and its rows. */
export const SCORE_TABLES = {
  customerType: ['natural', 'legal'],
  pep: ['direct', 'consanguineous', 'none'],
  geographyScores: ['increasedMonitoring', 'preferentialTax', 'other'],
  listScores: ['sanction', 'pep', 'other', 'none'],
} as const;
export type ScoreTable = keyof typeof SCORE_TABLES;

export const COUNTRY_LISTS = ['fatfCallForAction', 'fatfIncreasedMonitoring', 'preferentialTaxRegimes'] as const;
export type CountryList = (typeof COUNTRY_LISTS)[number];

export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

/** Sum of the weights (NaN-safe: an empty input counts 0), rounded to avoid 0.1 + 0.2 noise. */
export function weightsSum(weights: Record<string, number>): number {
  const sum = Object.values(weights).reduce((s, w) => s + (Number.isFinite(w) ? w : 0), 0);
  return Math.round(sum * 1000) / 1000;
}

/** A number input's value as the configuration holds it: '' (cleared) becomes NaN, so validation catches it. */
export function numberOf(value: string | number): number {
  if (typeof value === 'number') return value;
  const text = value.trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** A copy of `obj` with the value at a dotted path ('cutoffs.high', 'incomeBands.1.score') replaced. */
export function setAt<T>(obj: T, path: string, value: unknown): T {
  const [head = '', ...rest] = path.split('.');
  if (Array.isArray(obj)) {
    const copy = [...obj] as unknown[];
    const i = Number(head);
    copy[i] = rest.length ? setAt(copy[i], rest.join('.'), value) : value;
    return copy as T;
  }
  const record = (obj ?? {}) as Record<string, unknown>;
  return { ...record, [head]: rest.length ? setAt(record[head], rest.join('.'), value) : value } as T;
}

/**
 * Checks the configuration against the shared zod schema (the one the server validates the PUT with) plus the
 * model's own sense: the weights must not all be zero and the Medium cut-off must be below the High one.
 * Returns the i18n key of each failing field by its dotted path.
 */
export function validateRiskConfiguration(config: unknown): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const parsed = RiskConfiguration.safeParse(config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      if (issue.code === 'too_small' && 'minimum' in issue)
        errors[path] = { key: 'admin:validation.min', params: { min: Number(issue.minimum) } };
      else if (issue.code === 'invalid_type' && issue.expected === 'number')
        errors[path] = { key: 'admin:validation.number' };
      else errors[path] = { key: 'admin:validation.invalid' };
    }
  }
  const c = config as Partial<RiskConfigurationT> | null;
  if (c?.weights && !errors.weights && weightsSum(c.weights) <= 0)
    errors.weights = { key: 'admin:validation.weightsZero' };
  const medium = c?.cutoffs?.medium;
  const high = c?.cutoffs?.high;
  if (
    typeof medium === 'number' &&
    typeof high === 'number' &&
    Number.isFinite(medium) &&
    Number.isFinite(high) &&
    !errors['cutoffs.high'] &&
    medium >= high
  )
    errors['cutoffs.high'] = { key: 'admin:validation.cutoffOrder' };
  return errors;
}

/** The dotted path a server validation error names ('cutoffs.high', '/cutoffs/high', 'body'), or null. */
export function serverFieldPath(field: string | undefined | null): string | null {
  if (!field) return null;
  const path = field.replace(/^\/+/, '').replaceAll('/', '.');
  if (path === '' || path === 'body' || path === 'querystring') return null;
  return path;
}

/** The error to show under a field: the server's message for its path first, then the client's check. */
export function errorAt(
  path: string,
  client: Record<string, FieldError>,
  server: Record<string, string>,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | undefined {
  if (server[path]) return server[path];
  const e = client[path];
  return e ? t(e.key, e.params) : undefined;
}

/** Country codes normalised for storage: upper case, no repeats, in the order given. */
export function normalizeCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
}

/** Options of a country multi-select in the interface language; codes unknown to the reference keep their code. */
export function countryOptions(
  language: CountryLanguage,
  selected: readonly string[] = [],
): { value: string; label: string }[] {
  const options = orderedCountries(null, language).map((c) => ({ value: c.code, label: countryName(c, language) }));
  const known = new Set(options.map((o) => o.value));
  const extra = selected.filter((code) => !known.has(code)).map((code) => ({ value: code, label: code }));
  return [...extra, ...options];
}

/** The country name of a code in the interface language, or the code itself when unknown. */
export function countryLabel(code: string | null | undefined, language: CountryLanguage): string {
  const c = findCountry(code);
  return c ? countryName(c, language) : (code ?? '');
}

/** The reference-data language of an interface locale. */
export function countryLanguageOf(locale: string): CountryLanguage {
  if (locale.startsWith('pt')) return 'pt';
  if (locale.startsWith('en')) return 'en';
  return 'es';
}
