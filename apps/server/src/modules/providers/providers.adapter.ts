import { z } from 'zod';

/**
 * The provider interface: each adapter has a typed request and a typed answer (zod), the path it calls on the
 * provider's base URL, and the parse of the provider's JSON into our answer. A body that does not match the
 * provider's shape is a malformed answer (a provider error, never cached). The protocols are in docs/providers.md.
 */

/** The providers a company may contract; several adapters may share one provider (court cases, the insurer). */
export const PROVIDERS = [
  'cnpj',
  'cpf',
  'courtCases',
  'commercialReport',
  'pepMexico',
  'restrictions',
  'insolvency',
  'taxFolder',
  'insurer',
] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export interface Adapter<Req, Ans> {
  provider: ProviderId;
  request: z.ZodType<Req>;
  answer: z.ZodType<Ans>;
  /** the path under the configured base URL */
  path(req: Req): string;
  /** the provider's JSON (found) into our answer; throws a ZodError on a body of another shape */
  parse(body: unknown, req: Req): Ans;
}

/** An optional provider field: absent, undefined and null all become null. */
export const opt = <T extends z.ZodTypeAny>(t: T) => t.nullish().transform((v) => v ?? null);
/** A text the provider may send as a number (a code, a year). */
export const strOrNum = opt(z.union([z.string(), z.number()]).transform(String));
/** An amount the provider may send as a number or a numeric string. */
export const amountOf = opt(
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]),
);
/** A date: YYYY-MM-DD, or the day of an ISO timestamp. */
export const dayOf = opt(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((s) => s.slice(0, 10)),
);

/** A person's document as the providers take it: CPF, CNPJ (alphanumeric too) or a RUT with its check digit. */
export const DOCUMENT = /^[0-9A-Z]{8,14}$/;
