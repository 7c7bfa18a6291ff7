import { z } from 'zod';

const Amounted = z.object({
  amount: z.number(),
  date: z.string(),
  /** creditor, notary or bulletin name, as the bureau gives it */
  source: z.string().nullish(),
  type: z.string().nullish(),
});
const Row = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * The commercial credit report of a Chilean natural or legal person (our documented provider shape,
 * `GET /commercial-report/v1/{rut}`): identification, contactability, debts, protests, bulletins, inquiries, banks,
 * properties, vehicles and SII tax data. Amounts in CLP; dates YYYY-MM-DD.
 */
export const CommercialReportAnswer = z.object({
  personType: z.enum(['natural', 'legal']),
  identification: z.object({ name: z.string(), rut: z.string() }).catchall(z.union([z.string(), z.number(), z.null()])),
  contactability: z.array(Row).default([]),
  debts: z.array(Amounted).default([]),
  protests: z.array(Amounted).default([]),
  bulletins: z.array(Amounted).default([]),
  inquiries: z.array(Row).default([]),
  banks: z.array(Row).default([]),
  properties: z.array(Row).default([]),
  vehicles: z.array(Row).default([]),
  sii: Row.default({}),
});
export type CommercialReportAnswer = z.infer<typeof CommercialReportAnswer>;

export const CommercialRisk = z.enum(['low', 'medium', 'high']);

export const CommercialReportView = z.object({
  id: z.string(),
  fichaId: z.string(),
  createdAt: z.string(),
  sample: z.boolean(),
  /** debts, protests and bulletins of the last two years, in CLP */
  exposure: z.number(),
  risk: CommercialRisk,
  report: CommercialReportAnswer,
});

/** The commercial summary of a ficha: the risk of its last report (two-year window) and its date. */
export const CommercialSummary = z.object({
  PersonsRate: CommercialRisk.nullable(),
  lastReportDate: z.string().nullable(),
});

/** The company's thresholds (CLP of exposure) from which a report is medium or high risk. */
export const CommercialThresholds = z
  .object({ mediumFrom: z.number().int().min(0), highFrom: z.number().int().min(0) })
  .refine((v) => v.highFrom >= v.mediumFrom, { path: ['highFrom'], message: 'must be at least mediumFrom' });
