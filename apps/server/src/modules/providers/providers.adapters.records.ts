import {
  CourtCaseDetail,
  INSOLVENCY_PROCEDURES,
  InsolvencyAnswer,
  InsurerOperationsAnswer,
  InsurerPoliciesAnswer,
  InsurerProductsAnswer,
  PRODUCT_ROLES,
  RestrictionsAnswer,
  TaxFolderAnswer,
} from '@regcheck/shared/schemas/person-records';
import { z } from 'zod';
import { type Adapter, amountOf, DOCUMENT, dayOf, opt, strOrNum } from './providers.adapter';

/**
 * The adapters of our documented generic shapes (docs/providers.md): other restrictions (Brazil), the insolvency
 * bulletin and the SII tax folder (Chile), the insurer's operations, products and policies, and one court case in
 * detail. The main lists must be present (possibly empty: a body without them is malformed); the lists inside an
 * item may be absent (an empty list). 404 is "not found" (an answer, cached).
 */

const list = <T extends z.ZodTypeAny>(t: T) =>
  z
    .array(t)
    .nullish()
    .transform((v) => v ?? []);
const str = opt(z.string());
const RUT = z.object({ rut: z.string().regex(/^\d{7,8}[0-9K]$/) });
const DOC = z.object({ document: z.string().regex(DOCUMENT) });

// --- other restrictions: GET /restrictions/v1/{cpf|cnpj} ---------------------------------------------------------

const GenericRestrictions = z.object({
  sanctions: z.array(
    z.object({
      source: z.string().min(1),
      sanction: z.string().min(1),
      organ: str,
      process: strOrNum,
      startDate: dayOf,
      endDate: dayOf,
    }),
  ),
  electoralDonations: z.array(
    z.object({
      election: z.coerce.number().int().min(1900).max(2200),
      candidate: z.string().min(1),
      party: str,
      office: str,
      uf: str,
      amount: z.coerce.number(),
      date: dayOf,
    }),
  ),
});

/** Whether a sanction is in force on `today` (YYYY-MM-DD): no end date, or one from today on. */
export const sanctionActive = (endDate: string | null, today: string) => endDate === null || endDate >= today;

export const restrictionsAdapter: Adapter<{ document: string }, RestrictionsAnswer> = {
  provider: 'restrictions',
  request: DOC,
  answer: RestrictionsAnswer,
  path: (r) => `/restrictions/v1/${r.document}`,
  parse(body) {
    const b = GenericRestrictions.parse(body);
    const today = new Date().toISOString().slice(0, 10);
    return {
      sanctions: b.sanctions
        .map((s) => ({ ...s, active: sanctionActive(s.endDate, today) }))
        .sort((x, y) => (y.startDate ?? '').localeCompare(x.startDate ?? '')),
      electoralDonations: b.electoralDonations.sort((x, y) => y.election - x.election),
    };
  },
};

// --- insolvency bulletin: GET /boletin-concursal/v1/{rut} --------------------------------------------------------

const GenericInsolvency = z.object({
  proceedings: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      rol: z.string().min(1),
      procedure: z
        .string()
        .transform((p) => ((INSOLVENCY_PROCEDURES as readonly string[]).includes(p) ? p : 'other'))
        .pipe(z.enum(INSOLVENCY_PROCEDURES)),
      court: str,
      status: str,
      startedAt: dayOf,
      trustee: str,
      publications: list(z.object({ date: dayOf, title: z.string().min(1) })),
    }),
  ),
});

export const insolvencyAdapter: Adapter<{ rut: string }, InsolvencyAnswer> = {
  provider: 'insolvency',
  request: RUT,
  answer: InsolvencyAnswer,
  path: (r) => `/boletin-concursal/v1/${r.rut}`,
  parse(body) {
    const b = GenericInsolvency.parse(body);
    return {
      proceedings: b.proceedings
        .map((p) => ({ ...p, publications: p.publications.sort((x, y) => (y.date ?? '').localeCompare(x.date ?? '')) }))
        .sort((x, y) => (y.startedAt ?? '').localeCompare(x.startedAt ?? '')),
    };
  },
};

// --- SII tax folder: GET /carpeta-tributaria/v1/{rut} -------------------------------------------------------------

const GenericTaxFolder = z.object({
  folio: strOrNum,
  issuedAt: dayOf,
  taxpayer: z.object({
    rut: z.string(),
    name: z.string(),
    activityStart: dayOf,
    category: strOrNum,
    taxRegime: str,
    address: str,
    commune: str,
    region: str,
  }),
  activities: list(
    z.object({
      code: z.union([z.string(), z.number()]).transform(String),
      description: z.string(),
      category: strOrNum,
      vatAffected: opt(z.boolean()),
      startDate: dayOf,
    }),
  ),
  representatives: list(z.object({ rut: z.string(), name: z.string(), since: dayOf })),
  partners: list(
    z.object({ rut: z.string(), name: z.string(), since: dayOf, capitalShare: amountOf, profitShare: amountOf }),
  ),
  vatDeclarations: list(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      period: z.string().regex(/^\d{4}-\d{2}$/),
      folio: strOrNum,
      salesAmount: amountOf,
      purchasesAmount: amountOf,
      vatPayable: amountOf,
      filedAt: dayOf,
    }),
  ),
  incomeDeclarations: list(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      taxYear: z.coerce.number().int(),
      folio: strOrNum,
      grossIncome: amountOf,
      taxableIncome: amountOf,
      taxAmount: amountOf,
      filedAt: dayOf,
    }),
  ),
  properties: list(z.object({ role: z.string(), commune: str, address: str, use: str, appraisal: amountOf })),
});

export const taxFolderAdapter: Adapter<{ rut: string }, TaxFolderAnswer> = {
  provider: 'taxFolder',
  request: RUT,
  answer: TaxFolderAnswer,
  path: (r) => `/carpeta-tributaria/v1/${r.rut}`,
  parse(body) {
    const b = GenericTaxFolder.parse(body);
    return {
      ...b,
      vatDeclarations: b.vatDeclarations.sort((x, y) => y.period.localeCompare(x.period)),
      incomeDeclarations: b.incomeDeclarations.sort((x, y) => y.taxYear - x.taxYear),
    };
  },
};

// --- the insurer: GET /insurer/v1/{operations|products|policies}/{document} ---------------------------------------

const GenericOperations = z.object({
  operations: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      date: dayOf,
      type: z.string().min(1),
      policyNumber: strOrNum,
      product: str,
      amount: amountOf,
      currency: str,
      channel: str,
      status: str,
    }),
  ),
});

const GenericProducts = z.object({
  products: z.array(
    z.object({
      productCode: strOrNum,
      product: z.string().min(1),
      policyNumber: strOrNum,
      role: z
        .string()
        .nullish()
        .transform((r) => ((PRODUCT_ROLES as readonly string[]).includes(r ?? '') ? r : 'other'))
        .pipe(z.enum(PRODUCT_ROLES)),
      startDate: dayOf,
      endDate: dayOf,
      status: str,
      premium: amountOf,
      currency: str,
    }),
  ),
});

const Party = z.object({ name: z.string(), document: str });
const GenericPolicies = z.object({
  policies: z.array(
    z.object({
      policyNumber: z.union([z.string(), z.number()]).transform(String),
      product: str,
      startDate: dayOf,
      endDate: dayOf,
      premiumSFP: amountOf,
      policyStatus: str,
      paymentChannel: str,
      paymentMethod: str,
      policyValueAtClosure: amountOf,
      currency: str,
      holder: opt(Party),
      insured: list(Party),
      beneficiaries: list(Party.extend({ share: amountOf })),
      coverages: list(z.object({ name: z.string(), insuredAmount: amountOf })),
    }),
  ),
});

const byDateDesc = <T extends { date: string | null }>(a: T, b: T) => (b.date ?? '').localeCompare(a.date ?? '');

export const insurerOperationsAdapter: Adapter<{ document: string }, InsurerOperationsAnswer> = {
  provider: 'insurer',
  request: DOC,
  answer: InsurerOperationsAnswer,
  path: (r) => `/insurer/v1/operations/${r.document}`,
  parse: (body) => {
    const b = GenericOperations.parse(body);
    return { operations: b.operations.sort(byDateDesc) };
  },
};

export const insurerProductsAdapter: Adapter<{ document: string }, InsurerProductsAnswer> = {
  provider: 'insurer',
  request: DOC,
  answer: InsurerProductsAnswer,
  path: (r) => `/insurer/v1/products/${r.document}`,
  parse: (body) => GenericProducts.parse(body),
};

export const insurerPoliciesAdapter: Adapter<{ document: string }, InsurerPoliciesAnswer> = {
  provider: 'insurer',
  request: DOC,
  answer: InsurerPoliciesAnswer,
  path: (r) => `/insurer/v1/policies/${r.document}`,
  parse: (body) => GenericPolicies.parse(body),
};

// --- one court case: GET /court-cases/v1/detail/{caseId} ---------------------------------------------------------

const GenericCaseDetail = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  number: z.string().min(1),
  court: str,
  className: str,
  subject: str,
  status: str,
  filedAt: dayOf,
  value: amountOf,
  judge: str,
  parties: list(z.object({ name: z.string(), document: str, role: str })),
  movements: list(z.object({ date: dayOf, description: z.string() })),
});

export const courtCaseDetailAdapter: Adapter<{ caseId: string }, CourtCaseDetail> = {
  provider: 'courtCases',
  request: z.object({ caseId: z.string().regex(/^[A-Za-z0-9._-]{1,80}$/) }),
  answer: CourtCaseDetail,
  path: (r) => `/court-cases/v1/detail/${encodeURIComponent(r.caseId)}`,
  parse: (body) => {
    const b = GenericCaseDetail.parse(body);
    return { ...b, movements: b.movements.sort(byDateDesc) };
  },
};
