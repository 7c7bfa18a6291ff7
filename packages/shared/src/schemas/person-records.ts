import { z } from 'zod';
import { LookupMeta, RecordsPerson } from './records';

/**
 * The answers of the per-person record pages built on our documented provider shapes (docs/providers.md):
 * other restrictions (Brazil), insolvency bulletin and SII tax folder (Chile), the insurer's operations, products and
 * policies, and one court case in detail. Dates are YYYY-MM-DD, amounts numbers in the stated currency.
 */

const day = z.string().nullable();
const text = z.string().nullable();
const amount = z.number().nullable();

// --- pepOutrasRestricoes (Brazil): sanctions and electoral donations -------------------------------------------

/** A sanction of a Brazilian public register (CEIS, CNEP, CEAF, CEPIM, TCU, employers' register...). */
export const Sanction = z.object({
  /** the register, as the provider names it (CEIS, CNEP...) */
  source: z.string(),
  sanction: z.string(),
  organ: text,
  process: text,
  startDate: day,
  endDate: day,
  /** in force today: no end date or an end date from today on */
  active: z.boolean(),
});
export type Sanction = z.infer<typeof Sanction>;

/** A donation to an electoral campaign recorded by the TSE. */
export const ElectoralDonation = z.object({
  election: z.number().int(),
  candidate: z.string(),
  party: text,
  office: text,
  uf: text,
  amount: z.number(),
  date: day,
});
export type ElectoralDonation = z.infer<typeof ElectoralDonation>;

export const RestrictionsAnswer = z.object({
  sanctions: z.array(Sanction),
  electoralDonations: z.array(ElectoralDonation),
});
export type RestrictionsAnswer = z.infer<typeof RestrictionsAnswer>;

export const RestrictionsView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  sanctions: z.array(Sanction),
  electoralDonations: z.array(ElectoralDonation),
});
export type RestrictionsView = z.infer<typeof RestrictionsView>;

// --- boletinConcursal (Chile): insolvency bulletin ---------------------------------------------------------------

/** The procedures of Ley 20.720 published in the Boletín Concursal. */
export const INSOLVENCY_PROCEDURES = [
  'liquidacionVoluntaria',
  'liquidacionForzosa',
  'reorganizacionJudicial',
  'reorganizacionSimplificada',
  'renegociacion',
  'other',
] as const;
export const InsolvencyProcedure = z.enum(INSOLVENCY_PROCEDURES);

export const InsolvencyPublication = z.object({ date: day, title: z.string() });
export const InsolvencyProceeding = z.object({
  id: z.string(),
  rol: z.string(),
  procedure: InsolvencyProcedure,
  court: text,
  status: text,
  startedAt: day,
  /** the liquidator, auditor (veedor) or administrator named */
  trustee: text,
  publications: z.array(InsolvencyPublication),
});
export type InsolvencyProceeding = z.infer<typeof InsolvencyProceeding>;

export const InsolvencyAnswer = z.object({ proceedings: z.array(InsolvencyProceeding) });
export type InsolvencyAnswer = z.infer<typeof InsolvencyAnswer>;

export const InsolvencyView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  proceedings: z.array(InsolvencyProceeding),
});
export type InsolvencyView = z.infer<typeof InsolvencyView>;

// --- carpetaTributaria (Chile): the SII tax folder ------------------------------------------------------------

/** The tabs of the tax folder page (carpetaTributaria/tab/{tab}). */
export const TAX_FOLDER_TABS = [
  'taxpayer',
  'activities',
  'representatives',
  'partners',
  'vat',
  'income',
  'properties',
] as const;
export type TaxFolderTab = (typeof TAX_FOLDER_TABS)[number];

export const TaxActivity = z.object({
  code: z.string(),
  description: z.string(),
  category: text,
  vatAffected: z.boolean().nullable(),
  startDate: day,
});
export const TaxPerson = z.object({ rut: z.string(), name: z.string(), since: day });
export const TaxPartner = TaxPerson.extend({ capitalShare: amount, profitShare: amount });
/** A monthly VAT declaration (form 29). */
export const VatDeclaration = z.object({
  id: z.string(),
  /** YYYY-MM */
  period: z.string(),
  folio: text,
  salesAmount: amount,
  purchasesAmount: amount,
  vatPayable: amount,
  filedAt: day,
});
/** An annual income declaration (form 22). */
export const IncomeDeclaration = z.object({
  id: z.string(),
  taxYear: z.number().int(),
  folio: text,
  grossIncome: amount,
  taxableIncome: amount,
  taxAmount: amount,
  filedAt: day,
});
export const TaxProperty = z.object({ role: z.string(), commune: text, address: text, use: text, appraisal: amount });

export const TaxFolderAnswer = z.object({
  folio: text,
  issuedAt: day,
  taxpayer: z.object({
    rut: z.string(),
    name: z.string(),
    activityStart: day,
    /** first or second category taxpayer, as the SII words it */
    category: text,
    taxRegime: text,
    address: text,
    commune: text,
    region: text,
  }),
  activities: z.array(TaxActivity),
  representatives: z.array(TaxPerson),
  partners: z.array(TaxPartner),
  vatDeclarations: z.array(VatDeclaration),
  incomeDeclarations: z.array(IncomeDeclaration),
  properties: z.array(TaxProperty),
});
export type TaxFolderAnswer = z.infer<typeof TaxFolderAnswer>;

export const TaxFolderView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  folder: TaxFolderAnswer.nullable(),
});
export type TaxFolderView = z.infer<typeof TaxFolderView>;

// --- the insurer's system: consorcio-operations, products-asociados, policy-detail -------------------------------

export const InsurerOperation = z.object({
  id: z.string(),
  date: day,
  /** the insurer's own wording (premium payment, claim payment, surrender...) */
  type: z.string(),
  policyNumber: text,
  product: text,
  amount: amount,
  currency: text,
  channel: text,
  status: text,
});
export type InsurerOperation = z.infer<typeof InsurerOperation>;

export const PRODUCT_ROLES = ['holder', 'insured', 'beneficiary', 'payer', 'other'] as const;
export const InsurerProduct = z.object({
  productCode: text,
  product: z.string(),
  policyNumber: text,
  /** the person's part in the product */
  role: z.enum(PRODUCT_ROLES),
  startDate: day,
  endDate: day,
  status: text,
  premium: amount,
  currency: text,
});
export type InsurerProduct = z.infer<typeof InsurerProduct>;

const Party = z.object({ name: z.string(), document: text });
/** One insurance policy with the insurance fields of spec 000 §3 and its parties. */
export const InsurancePolicy = z.object({
  policyNumber: z.string(),
  product: text,
  startDate: day,
  endDate: day,
  premiumSFP: amount,
  policyStatus: text,
  paymentChannel: text,
  paymentMethod: text,
  policyValueAtClosure: amount,
  currency: text,
  holder: Party.nullable(),
  insured: z.array(Party),
  beneficiaries: z.array(Party.extend({ share: amount })),
  coverages: z.array(z.object({ name: z.string(), insuredAmount: amount })),
});
export type InsurancePolicy = z.infer<typeof InsurancePolicy>;

export const InsurerOperationsAnswer = z.object({ operations: z.array(InsurerOperation) });
export const InsurerProductsAnswer = z.object({ products: z.array(InsurerProduct) });
export const InsurerPoliciesAnswer = z.object({ policies: z.array(InsurancePolicy) });
export type InsurerOperationsAnswer = z.infer<typeof InsurerOperationsAnswer>;
export type InsurerProductsAnswer = z.infer<typeof InsurerProductsAnswer>;
export type InsurerPoliciesAnswer = z.infer<typeof InsurerPoliciesAnswer>;

export const InsurerOperationsView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  operations: z.array(InsurerOperation),
});
export const InsurerProductsView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  products: z.array(InsurerProduct),
});
export const InsurerPoliciesView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  policies: z.array(InsurancePolicy),
});
export type InsurerOperationsView = z.infer<typeof InsurerOperationsView>;
export type InsurerProductsView = z.infer<typeof InsurerProductsView>;
export type InsurerPoliciesView = z.infer<typeof InsurerPoliciesView>;

// --- one court case in detail (DetalheProcesso) ------------------------------------------------------------------

export const CourtCaseDetail = z.object({
  id: z.string(),
  number: z.string(),
  court: text,
  className: text,
  subject: text,
  status: text,
  filedAt: day,
  /** the value of the claim, in the court's currency (R$ in Brazil) */
  value: amount,
  judge: text,
  parties: z.array(z.object({ name: z.string(), document: text, role: text })),
  movements: z.array(z.object({ date: day, description: z.string() })),
});
export type CourtCaseDetail = z.infer<typeof CourtCaseDetail>;

export const CourtCaseDetailView = z.object({
  document: z.string(),
  ...LookupMeta,
  detail: CourtCaseDetail.nullable(),
});
export type CourtCaseDetailView = z.infer<typeof CourtCaseDetailView>;
