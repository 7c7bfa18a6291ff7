import { INSURANCE_KEYS } from '@regcheck/shared/schemas/operations';

/** Insurance fields and transporter of an operation as the detail form edits them (strings). */
export type InsuranceKey = (typeof INSURANCE_KEYS)[number];
export type ExtrasDraft = Record<InsuranceKey, string> & {
  transportDni: string;
  nationality: string;
  countries: string;
};

const NUMERIC: InsuranceKey[] = ['premiumSFP', 'policyValueAtClosure'];
export const DATE_KEYS: InsuranceKey[] = ['startDate', 'endDate'];
export { INSURANCE_KEYS };

interface OperationExtras {
  transporter: { transportDni?: string | null; nationality?: string | null; countries?: string[] } | null;
  [k: string]: unknown;
}

/** The form's initial values from the operation. */
export function toFormValues(o: OperationExtras): ExtrasDraft {
  const d = Object.fromEntries(
    INSURANCE_KEYS.map((k) => [k, o[k] === null || o[k] === undefined ? '' : String(o[k])]),
  ) as Record<InsuranceKey, string>;
  return {
    ...d,
    transportDni: o.transporter?.transportDni ?? '',
    nationality: o.transporter?.nationality ?? '',
    countries: (o.transporter?.countries ?? []).join(', '),
  };
}

/** An amount as typed ("1.234,5", "1.500.000" or "1234.5") as a number; empty is null, invalid NaN. */
export function parseAmount(s: string): number | null {
  const v = s.trim();
  if (v === '') return null;
  // "1.234,5" (decimal comma) and "1.500.000" (thousands dots, as amounts are shown) drop their dots
  const thousands = v.includes(',') || /^\d{1,3}(\.\d{3})+$/.test(v);
  const normalized = thousands ? v.replace(/\./g, '').replace(',', '.') : v;
  const n = Number(normalized);
  return Number.isFinite(n) && n >= 0 ? n : Number.NaN;
}

/** The fields that cannot be sent (an amount or a date that does not parse). */
export function validate(d: ExtrasDraft): string[] {
  return extrasBody(d).invalid;
}

/** The PATCH /consultations/{id} body of the form (the invalid fields left out). */
export function toPayload(d: ExtrasDraft): Record<string, unknown> {
  return extrasBody(d).body;
}

/** The PATCH /consultations/{id} body of the form; `invalid` lists the fields that cannot be sent. */
export function extrasBody(d: ExtrasDraft): { body: Record<string, unknown>; invalid: string[] } {
  const body: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const k of INSURANCE_KEYS) {
    const v = d[k].trim();
    if (NUMERIC.includes(k)) {
      const n = parseAmount(v);
      if (Number.isNaN(n)) invalid.push(k);
      else body[k] = n;
    } else if (DATE_KEYS.includes(k)) {
      if (v !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) invalid.push(k);
      else body[k] = v || null;
    } else body[k] = v || null;
  }
  const countries = [
    ...new Set(
      d.countries
        .split(/[,;\n]/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  const transportDni = d.transportDni.trim();
  const nationality = d.nationality.trim();
  body.transporter =
    transportDni || nationality || countries.length > 0
      ? { transportDni: transportDni || null, nationality: nationality || null, countries }
      : null;
  return { body, invalid };
}
