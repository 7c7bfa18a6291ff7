import { FORM_TYPES } from '@regcheck/shared/schemas/forms';
import { z } from 'zod';
import { EXPORT_REPORT_KEYS } from './reports.exports';

/** The zod schemas of the reports module's calls (requests and answers). */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'YYYY-MM-DD');
export const Format = z.enum(['json', 'xlsx', 'pdf']).default('json');
export const PeriodParams = z.object({ id: z.string().uuid(), dateInit: Day, dateEnd: Day });
export const Table = z.object({
  key: z.string(),
  heading: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  empty: z.string(),
});
export const ReportBody = z.object({
  title: z.string(),
  period: z.string(),
  truncated: z.boolean(),
  tables: z.array(Table),
});
/** The ROE report: once its period was filed, whether it differs now from its last filing. */
export const RoeReportBody = ReportBody.extend({
  differs: z
    .boolean()
    .optional()
    .describe('once the period was filed: whether the period generated now differs from its last filing'),
  companyTaxIdMissing: z
    .boolean()
    .optional()
    .describe("true when the company's RUT is not recorded: the UAF file and the filing are refused until it is"),
});
export const Counts = z.record(z.string(), z.number());
export const News = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  newsDate: z.string(),
  countries: z.array(z.string()),
});
const NewsTranslation = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(5000).default(''),
});
export const NewsTranslations = z
  .object({ es: NewsTranslation.optional(), 'pt-BR': NewsTranslation.optional(), en: NewsTranslation.optional() })
  .strict()
  .describe(
    'the title and body in other languages (es, pt-BR, en): a reader whose language has one reads it, others read the item as written',
  );
export const NewsAdmin = News.extend({
  translations: NewsTranslations,
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export const Country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')
  .describe('country code (CL, BR, ...)');
const NewsFields = {
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(5000),
  date: Day,
  countries: z.array(Country).max(50).describe('the countries whose companies read it; none: every country'),
  translations: NewsTranslations,
};
export const NewsBody = z.object({
  ...NewsFields,
  body: NewsFields.body.default(''),
  countries: NewsFields.countries.default([]),
  translations: NewsFields.translations.default({}),
});
/** A news item's change: only the fields given change (no defaults here, or an edit would empty the body). */
export const NewsPatch = z.object(NewsFields).partial().extend({ active: z.boolean().optional() });
export const ExportOptionsBody = z
  .object({
    formType: z.enum(FORM_TYPES).optional(),
    allowFilled: z.boolean().optional(),
    personType: z.enum(['natural', 'legal']).optional(),
    risk: z.enum(['low', 'medium', 'high']).optional(),
  })
  .describe('what the report needs besides its period: forms: formType, allowFilled; fichas: personType, risk');
export const Dashboard = z.object({
  from: z.string(),
  to: z.string(),
  risk: Counts,
  activity: Counts,
  perDay: z.array(z.object({ day: z.string(), operations: z.number(), fichas: z.number() })),
  forms: Counts,
  matchesByList: z.array(z.object({ listId: z.string(), listName: z.string(), count: z.number() })),
  reviews: z
    .object({
      asOf: z.string().describe('the UTC day the figures are counted on (today), whatever the period'),
      dueThisMonth: z.number().int().describe('active fichas whose next review is from today to the month end'),
      overdue: z.number().int().describe('active fichas whose next review day has passed'),
    })
    .describe('periodic reviews (fichas list filter reviewState: dueThisMonth, overdue)'),
  notifications: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      fichaId: z.string().nullable(),
      read: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  news: z.array(News),
  coaf: z
    .object({
      due: z.number().int(),
      late: z.number().int(),
      communicated: z.number().int(),
      unchecked: z
        .number()
        .int()
        .describe('cash operations in another currency than BRL, not compared with the threshold (no BRL rate)'),
      nonOccurrence: z.object({ year: z.number().int(), due: z.string() }).nullable(),
    })
    .nullable()
    .describe('Brazil: the COAF communications to make (due), late and made, as of today; null for another country'),
});

export const ExportView = z.object({
  id: z.string(),
  report: z.enum(EXPORT_REPORT_KEYS),
  options: ExportOptionsBody.extend({ flow: z.enum(['conflictOfInterest', 'finalBeneficiaries']).optional() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  progress: z.number().int(),
  rows: z.number().int().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export const ExportId = z.object({ id: z.string().uuid() });
export const Amount = z.number().nullable();
export const PremiumOperation = z.object({
  id: z.string(),
  codigo: z.number().int(),
  codigoFormatted: z.string(),
  transactionDate: z.string().nullable(),
  divisa: z.string(),
  policyNumber: z.string().nullable(),
  product: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  premiumSFP: Amount,
  policyStatus: z.string().nullable(),
  paymentChannel: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  policyValueAtClosure: Amount,
  createdAt: z.string(),
  trace: z.array(
    z.object({ changedAt: z.string(), premiumSFP: Amount, policyStatus: z.string().nullable(), changedBy: z.string() }),
  ),
});
