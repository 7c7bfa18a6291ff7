/**
 * A copy of a JSON value with every object's keys in sorted order, so that two values equal in content give the same
 * text: a signed form's content hash (forms.pdf.ts) and the comparison of a stored PEP status with a derived one
 * (PostgreSQL's jsonb gives keys back in an order of its own).
 */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** The text of `canonical(v)`. */
export const canonicalJson = (v: unknown): string => JSON.stringify(canonical(v));
