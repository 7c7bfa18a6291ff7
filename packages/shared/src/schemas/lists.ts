import { z } from 'zod';
import { ListFreshness } from '../list-freshness';

/** `?filter=` of the LoopBack-style list calls (JSON: where, order, limit, skip). */
export const ListFilterQuery = z.object({ filter: z.string().optional().describe('LoopBack filter as JSON') });
/** `?where=` of the count calls (JSON). */
export const CountWhereQuery = z.object({ where: z.string().optional().describe('LoopBack where as JSON') });

export const ScreeningPersonType = z.enum(['natural', 'legal']);
export const ListKind = z.enum(['sanctions', 'pep', 'risk', 'company']);
/** The public lists of the spec (section 7 of document 2), each at `/api/<list>`. */
export const PUBLIC_LISTS = ['gafi', 'interpol', 'keywords', 'ofac', 'onu', 'pdi', 'rtp'] as const;
/** Further lists kept the same way (not named by the spec's calls): risk cities (city, region, reason). */
export const OTHER_ENTRY_LISTS = ['risk-cities'] as const;
export type PublicListId = (typeof PUBLIC_LISTS)[number];
export const LIST_FORMATS = [
  'ofac-csv',
  'un-xml',
  'entities-csv',
  'entities-jsonl',
  'pep-br-csv',
  'eu-fsf-xml',
  'uk-ofsi-csv',
  'uk-sanctions-xml',
  'ftm-jsonl',
] as const;
export const ListFormat = z.enum(LIST_FORMATS);

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD');

// ---------------------------------------------------------------- screening

export const IndividualSearchBody = z
  .object({
    name: z.string().trim().max(300).optional().describe('full name, or the given names with fatherName/motherName'),
    fatherName: z.string().trim().max(150).optional().describe("father's family name (Chile)"),
    motherName: z.string().trim().max(150).optional().describe("mother's family name (Chile)"),
    dni: z.string().trim().max(40).optional().describe('document number (RUT, CPF, CNPJ, passport...)'),
    documentType: z
      .string()
      .trim()
      .max(20)
      .optional()
      .describe("the document's type (RUT, CPF, CNPJ, PASSPORT...); default: the country's first type"),
    personType: ScreeningPersonType.optional(),
    country: z.string().trim().toUpperCase().max(3).optional().describe('ISO 3166-1 alpha-2 code of the country'),
    city: z.string().trim().max(120).optional().describe('city of residence (risk cities)'),
    birthDate: isoDate.optional(),
  })
  .refine((b) => !!(b.name || b.fatherName || b.motherName || b.dni), {
    // a catalogue key: the server answers it in the caller's language
    message: 'screening:errors.nameOrDocument',
    path: ['name'],
  });

const NamePart = z.object({
  query: z.string(),
  candidate: z.string(),
  kind: z.string(),
  similarity: z.number(),
  weight: z.number(),
});

export const ScreeningExplanation = z.object({
  summary: z.string().describe('one sentence saying which parts matched how'),
  nameScore: z.number(),
  matchedName: z.string().optional(),
  parts: z.array(NamePart),
  identifier: z.object({ type: z.string().optional(), value: z.string(), result: z.string() }).optional(),
  birthDate: z.object({ query: z.string(), candidate: z.array(z.string()), result: z.string() }).optional(),
  country: z.object({ query: z.array(z.string()), candidate: z.array(z.string()), result: z.string() }).optional(),
  schema: z.object({ query: z.string(), candidate: z.string(), result: z.string() }).optional(),
});

export const ScreeningHitView = z.object({
  entityId: z.string(),
  name: z.string().describe('primary name of the list entry'),
  matchedName: z.string().describe('the name or alias that matched'),
  score: z.number().describe('0 to 1'),
  explanation: ScreeningExplanation,
});

/** The version of a list a person was screened against, and how old it was then (issue 27). */
export const ScreenedVersion = z.object({
  label: z.string().nullable(),
  versionDate: z.string().nullable().describe("date of the list's content (YYYY-MM-DD)"),
  ageDays: z.number().int().nullable(),
  state: z.enum(['current', 'stale', 'empty']),
});

export const ScreeningListResult = z.object({
  listId: z.string(),
  listName: z.string(),
  kind: ListKind,
  coincidence: z.boolean(),
  hits: z.array(ScreeningHitView),
  version: ScreenedVersion.optional().describe("the list's version in force and its age (global lists)"),
});

export const ScreeningResult = z.object({
  total: z.number().int().describe('number of lists with a coincidence'),
  lastChecked: z.string(),
  threshold: z.number(),
  lists: z.array(ScreeningListResult),
  emptyLists: z
    .array(z.object({ listId: z.string(), listName: z.string() }))
    .optional()
    .describe('lists that screen the company but hold no entry: the person was NOT screened against them'),
});

export const IndividualSearchResult = ScreeningResult.extend({
  searchLogId: z.string().uuid(),
  dni: z.string().nullable(),
  personType: ScreeningPersonType.nullable(),
  /** 'No results found' in the caller's language when no list has a coincidence */
  message: z.string().nullable(),
});

// ---------------------------------------------------------------- lists, versions, imports

export const ImportLineError = z.object({
  line: z.number().int(),
  message: z.string().describe('in English'),
  code: z.string().optional().describe('what was wrong, for a translated message (platform:lists.importErrors.CODE)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  text: z.string().optional(),
});

export const ListVersionView = z.object({
  id: z.number().int(),
  sourceId: z.string(),
  label: z.string(),
  format: z.string(),
  origin: z.string(),
  status: z.enum(['importing', 'active', 'failed', 'superseded']),
  entityCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ImportLineError).describe('per-line report of an import (first 200)'),
  checksum: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  publishedAt: z.string().nullable().optional().describe("date of the list's content"),
});

export const ListSourceView = z.object({
  id: z.string(),
  name: z.string(),
  kind: ListKind,
  format: z.string(),
  sourceUrl: z.string().nullable(),
  fetchEnabled: z.boolean(),
  revision: z.number().int(),
  lastFetchedAt: z.string().nullable(),
  lastFetchError: z.string().nullable(),
  entityCount: z.number().int().describe('entities of the current version'),
  currentVersion: ListVersionView.nullable(),
  lastVersion: ListVersionView.nullable().describe('the latest version, whatever its status (the last import)'),
  updateIntervalHours: z.number().int().nullable().optional(),
  freshness: ListFreshness.optional().describe('how fresh the list in force is: current, stale or empty'),
});

export const ListImportBody = z.object({
  content: z
    .string()
    .min(1)
    .describe('the list file: text, or base64 with encoding base64 (gzip is recognised and unpacked)'),
  encoding: z.enum(['text', 'base64']).optional(),
  format: ListFormat.optional().describe("defaults to the source's format"),
  label: z.string().trim().min(1).max(200).optional(),
  publishedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe("date of the list's content (YYYY-MM-DD); defaults to the day of the upload"),
});

export const ListImportStarted = z.object({ version: ListVersionView, jobId: z.string().nullable() });

export const ListSourceUpdateBody = z.object({
  sourceUrl: z.string().url().nullable().optional(),
  fetchEnabled: z.boolean().optional(),
  name: z.string().trim().min(1).max(200).optional(),
  updateIntervalHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .nullable()
    .optional()
    .describe('expected hours between updates; null: the list is kept by hand'),
});

// ---------------------------------------------------------------- public lists

const text = (max = 300) => z.string().trim().max(max);

/** An entry of a public list (gafi, interpol, keywords, ofac, onu, pdi, rtp). */
export const PublicListEntryBody = z.object({
  name: text()
    .min(1)
    .optional()
    .describe('primary name (country name for gafi and rtp); keywords and risk cities default it to the word or city'),
  aliases: z.array(text()).max(200).optional(),
  schema: z.enum(['Person', 'Company', 'Organization', 'Vessel', 'Aircraft', 'Unknown']).optional(),
  personType: ScreeningPersonType.optional(),
  dni: text(40).optional().describe('document (RUT, CPF, passport...)'),
  rut: text(40).optional(),
  nationality: text(100).optional(),
  country: text(60).optional().describe('ISO alpha-2 code or name'),
  reason: text(500).optional(),
  motive: text(500).optional(),
  status: text(100).optional(),
  word: text(100).optional().describe('keywords: the word that flags a name'),
  city: text(120).optional().describe('risk cities: the city'),
  region: text(120).optional(),
  birthDates: z.array(isoDate).max(20).optional(),
  programs: z.array(text(100)).max(50).optional(),
  remarks: text(4000).optional(),
});
export const PublicListEntryPatch = PublicListEntryBody.partial();

export const PublicListEntry = z.object({
  id: z.string().describe('entry id within the list (OFAC ent_num, UN DATAID, or generated)'),
  listId: z.string(),
  versionId: z.number().int(),
  schema: z.string(),
  name: z.string(),
  names: z.array(z.string()),
  identifiers: z.array(z.object({ type: z.string(), value: z.string(), country: z.string().optional() })),
  birthDates: z.array(z.string()),
  countries: z.array(z.string()),
  programs: z.array(z.string()),
  remarks: z.string().nullable(),
  personType: z.string().optional(),
  dni: z.string().optional(),
  rut: z.string().optional(),
  nationality: z.string().optional(),
  country: z.string().optional(),
  reason: z.string().optional(),
  motive: z.string().optional(),
  status: z.string().optional(),
  word: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  updatedAt: z.string(),
});

export const PublicListMatch = ScreeningHitView.extend({ listId: z.string(), entry: PublicListEntry });

// ---------------------------------------------------------------- list of interest

export const ListInternCreateBody = z.object({
  dni: text(40).min(1),
  name: text().optional(),
  reason: text(300).optional(),
  otherReason: text(500).optional().describe('free text when the reason is "other"'),
  personType: ScreeningPersonType.default('natural'),
  country: text(3).optional(),
});
export const ListInternUpdateBody = z.object({
  dni: text(40).min(1).optional(),
  name: text().nullable().optional(),
  reason: text(300).nullable().optional(),
  otherReason: text(500).nullable().optional(),
  personType: ScreeningPersonType.optional(),
  country: text(3).nullable().optional(),
  isActive: z.boolean().optional().describe('false removes the entry (soft delete)'),
});
export const ListInternView = z.object({
  id: z.string().uuid(),
  dni: z.string(),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  otherReason: z.string().nullable(),
  personType: ScreeningPersonType,
  country: z.string().nullable(),
  isActive: z.boolean(),
  registeredBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ListInternBulkBody = z.object({
  items: z.array(z.record(z.string(), z.unknown())).min(1).max(5000),
  /** update entries whose dni exists already (else they are reported as duplicates) */
  update: z.boolean().optional(),
});
export const ListInternBulkResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), field: z.string(), code: z.string(), message: z.string() })),
});

// ---------------------------------------------------------------- blacklists

export const BlacklistReasonBody = z.object({ text: text(300).min(1) });
export const BlacklistReasonPatch = z.object({ text: text(300).min(1).optional(), isActive: z.boolean().optional() });
export const BlacklistReasonView = z.object({
  id: z.string().uuid(),
  text: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const BlacklistBody = z.object({
  dni: text(40).min(1),
  name: text().optional(),
  personType: ScreeningPersonType.default('natural'),
  country: text(3).optional(),
  reasonId: z.string().uuid().optional(),
  comment: text(2000).optional(),
});
export const BlacklistPatch = z.object({
  dni: text(40).min(1).optional(),
  name: text().nullable().optional(),
  personType: ScreeningPersonType.optional(),
  country: text(3).nullable().optional(),
  reasonId: z.string().uuid().nullable().optional(),
  comment: text(2000).nullable().optional(),
  status: z.enum(['active', 'inactive']).optional().describe('inactive is the (soft) delete'),
});
export const BlacklistView = z.object({
  id: z.string().uuid(),
  dni: z.string(),
  name: z.string().nullable(),
  personType: ScreeningPersonType,
  country: z.string().nullable(),
  reasonId: z.string().uuid().nullable(),
  reason: z.object({ id: z.string().uuid(), text: z.string() }).nullable(),
  comment: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ---------------------------------------------------------------- search logs

export const SearchLogBody = z.object({
  kind: text(40).optional(),
  name: text().optional(),
  dni: text(40).optional(),
  personType: ScreeningPersonType.optional(),
  country: text(3).optional(),
  total: z.number().int().min(0).optional(),
  coincidences: z.array(z.string()).max(50).optional(),
  comment: text(2000).optional(),
});
export const SearchLogPatch = z.object({
  comment: text(2000).nullable().optional(),
  isActive: z.boolean().optional().describe('false removes the log (soft delete)'),
});
export const SearchLogView = z.object({
  id: z.string().uuid(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  kind: z.string(),
  name: z.string().nullable(),
  dni: z.string().nullable(),
  personType: z.string().nullable(),
  country: z.string().nullable(),
  total: z.number().int(),
  coincidences: z.array(z.string()),
  comment: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
