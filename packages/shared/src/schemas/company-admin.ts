import { z } from 'zod';
import { PEP_YEARS_MAX } from '../pep-status';
import { reviewYears } from './reviews';

/*
 * The super administrator's company edit area (issue 13): single sign-on, business rules, file rules, which lists
 * screen the company, tags, signatures, commercial activities; and the course links every company user reads.
 */

// ------------------------------------------------------------------ single sign-on

export const SsoConfigBody = z.object({
  providerName: z.string().trim().min(1).max(60).describe('shown on the login button, e.g. Microsoft'),
  // required: an empty one is refused by the service with a message naming the field (SSO_ISSUER_REQUIRED,
  // SSO_CLIENT_ID_REQUIRED) rather than the schema's generic one
  issuerUrl: z.string().trim().max(500).describe('the OpenID Connect issuer (https); required'),
  clientId: z.string().trim().max(200).describe('required'),
  clientSecret: z.string().max(500).optional().describe('kept as it is when left out; never answered'),
  domains: z.array(z.string().max(253)).min(1).max(50).describe('e-mail domains this provider signs in'),
  enabled: z.boolean(),
});

export const SsoConfigView = z.object({
  companyId: z.string().uuid(),
  configured: z.boolean(),
  providerName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  redirectUri: z.string().describe('the redirect URI to register at the provider'),
  updatedAt: z.string().nullable(),
});

export const SsoDiscoverView = z.object({ enabled: z.boolean(), providerName: z.string().nullable() });
export const SsoStartBody = z.object({ email: z.string().trim().min(3).max(320) });
export const SsoStartView = z.object({
  url: z.string().describe("the provider's authorization URL"),
  state: z.string(),
  binding: z.string().describe('kept by this browser only and sent back with POST /users/login-sso'),
});

// ------------------------------------------------------------------ business rules

/** The values of the business rules as they are set (every rule a number or a flag). */
export const BusinessRuleValues = z.object({
  roeThresholdUsd: z.number().positive().max(1e12).describe('cash operations above this amount (USD) go to the ROE'),
  ddOccasionalUsd: z
    .number()
    .positive()
    .max(1e12)
    .describe('an occasional transaction above this amount (USD at the day rate) requires due diligence (FATF R.10)'),
  ddWireUsd: z
    .number()
    .positive()
    .max(1e12)
    .describe('Chile: an occasional transaction or wire transfer above this amount (USD) requires due diligence'),
  beneficialOwnerThreshold: z.number().min(0).max(100).describe('participation (%) that makes a beneficial owner'),
  beneficialOwnerInclusive: z.boolean().describe('true: the threshold itself counts (10% or more)'),
  declarationWindowDays: z.number().int().min(1).max(3650).describe('a signed declaration is asked again after this'),
  screeningThreshold: z.number().min(0.5).max(1).describe('score (0.5 to 1) from which a candidate is a coincidence'),
  monitoringDay: z.number().int().min(1).max(28).describe('day of the month of the monitoring run'),
  reviewYearsHigh: reviewYears('High').describe('years between two reviews of a high-risk customer (1 to 10)'),
  reviewYearsMedium: reviewYears('Medium').describe('years between two reviews of a medium-risk customer (1 to 10)'),
  reviewYearsLow: reviewYears('Low').describe('years between two reviews of a low-risk customer (1 to 10)'),
  pepYearsAfterOffice: z
    .number()
    .int()
    .min(1)
    .max(PEP_YEARS_MAX)
    .describe(
      "years a customer stays PEP after leaving office (Chile at least 1, Brazil at least 5; default the country's minimum)",
    ),
  coafCashThresholdBrl: z
    .number()
    .positive()
    .max(1e12)
    .describe('Brazil: cash operations of this amount (BRL) or more are communicated to the COAF (default 50,000)'),
  coafNonOccurrence: z
    .boolean()
    .describe("Brazil: the company's sector sends the yearly comunicação de não ocorrência (by 31 January)"),
});
/**
 * The business rules in force: a rule of another country's regulation is null (decision 159; COUNTRY_RULES in
 * country-rules.ts): the ROE and wire-transfer amounts for a Brazilian company, the COAF ones for a Chilean one.
 */
export const BusinessRules = BusinessRuleValues.extend({
  roeThresholdUsd: BusinessRuleValues.shape.roeThresholdUsd.nullable(),
  ddWireUsd: BusinessRuleValues.shape.ddWireUsd.nullable(),
  coafCashThresholdBrl: BusinessRuleValues.shape.coafCashThresholdBrl.nullable(),
  coafNonOccurrence: BusinessRuleValues.shape.coafNonOccurrence.nullable(),
});
/** A change of some rules; a value for a rule of another country is refused (400 BUSINESS_RULE_NOT_FOR_COUNTRY). */
export const BusinessRulesPatch = BusinessRuleValues.partial();

// ------------------------------------------------------------------ file rules

export const DOCUMENT_TYPES = ['pdf', 'jpg', 'png'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export const MAX_DOCUMENT_MB = 25;
export const FileConfig = z.object({
  maxDocumentMb: z.number().int().min(1).max(MAX_DOCUMENT_MB).describe('largest document of a ficha or operation'),
  documentTypes: z.array(DocumentType).min(1).max(DOCUMENT_TYPES.length).describe('by content, never by name'),
});

// ------------------------------------------------------------------ lists that screen the company

export const ListControl = z.object({
  enabled: z.boolean().describe('false: the list does not screen this company'),
  weight: z.number().int().min(1).max(3).describe('the lists factor of a match on this list: 1 low, 2 medium, 3 high'),
});
export const ListControlView = ListControl.extend({
  listId: z.string(),
  listName: z.string(),
  kind: z.string(),
  defaultWeight: z.number().int(),
  customised: z.boolean(),
  listState: z
    .enum(['current', 'stale', 'empty'])
    .optional()
    .describe('empty: the list holds no entry and screens no one, whatever `enabled` says'),
  versionDate: z.string().nullable().optional(),
  ageDays: z.number().int().nullable().optional(),
});

// ------------------------------------------------------------------ tags

export const TagsConfig = z.object({ operationTagsEnabled: z.boolean() });

// ------------------------------------------------------------------ signatures

export const CompanySignatureView = z.object({
  id: z.string().uuid(),
  signerName: z.string(),
  signerTitle: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
});
export const CompanySignaturePatch = z.object({
  signerName: z.string().trim().min(1).max(120).optional(),
  signerTitle: z.string().trim().max(120).optional(),
  active: z.boolean().optional(),
});

// ------------------------------------------------------------------ commercial activities

export const CommercialActivityView = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string().describe("in the caller's language"),
  nameEs: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
});

// ------------------------------------------------------------------ courses

export const CourseBody = z.object({
  title: z.string().trim().min(2).max(160),
  url: z.string().trim().min(1).max(1000).describe('https link to the course'),
  description: z.string().trim().max(500).optional(),
  language: z.enum(['es', 'br', 'en']).nullable().optional().describe('null: shown in every language'),
  active: z.boolean().optional(),
});
export const CourseView = z.object({
  id: z.string().uuid(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  language: z.enum(['es', 'br', 'en']).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ------------------------------------------------------------------ reading the company's settings

export type ListControlT = z.infer<typeof ListControl>;
export type ListControlsT = Record<string, ListControlT>;
export type FileConfigT = z.infer<typeof FileConfig>;

const settingsObject = (settings: unknown) =>
  (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;

/** The company's list controls (settings.listControls): the well-formed entries, by list id. */
export function listControlsOf(settings: unknown): ListControlsT {
  const raw = settingsObject(settings).listControls;
  const out: ListControlsT = {};
  if (raw && typeof raw === 'object')
    for (const [id, v] of Object.entries(raw as Record<string, unknown>)) {
      const parsed = ListControl.safeParse(v);
      if (parsed.success) out[id] = parsed.data;
    }
  return out;
}

/** The company's document rules (settings.fileConfig): 25 MB and PDF only unless it says otherwise. */
export function fileConfigOf(settings: unknown): FileConfigT {
  const parsed = FileConfig.safeParse(settingsObject(settings).fileConfig);
  return parsed.success ? parsed.data : { maxDocumentMb: MAX_DOCUMENT_MB, documentTypes: ['pdf'] };
}

/** Whether the company's operations carry tags (settings.tags.operation.enabled; on unless switched off). */
export function operationTagsEnabled(settings: unknown): boolean {
  const tags = settingsObject(settings).tags as { operation?: { enabled?: unknown } } | undefined;
  return tags?.operation?.enabled !== false;
}
