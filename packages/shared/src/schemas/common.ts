import { z } from 'zod';

export const Uuid = z.string().uuid();
export const IdParams = z.object({ id: z.string().uuid() });

export const ErrorBody = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    details: z.unknown().optional(),
  })
  .describe('Error answer of every failed call');

export const OkBody = z.object({ ok: z.literal(true) });
export const CountBody = z.object({ count: z.number().int() });

/**
 * The one answer of a list the company API pages itself (decision 277): the page's rows in `data` and how many the
 * filter finds in `count`, in one call. The lists the spec defines keep their contract (an array with a separate
 * `/count`, or `/informes/tabla-consultas`' own `{ data, count }`).
 */
export const pageOf = <T extends z.ZodTypeAny>(row: T) => z.object({ data: z.array(row), count: z.number().int() });
export interface Page<T> {
  data: T[];
  count: number;
}

export const CompanyLanguage = z.enum(['es', 'br', 'en']);
/** ISO 3166-1 alpha-2 country code, e.g. CL or BR */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as CL or BR');
