import { z } from 'zod';
import { PEP_YEARS_DEFAULT } from '../pep-status';

/*
 * The platform's register of politically exposed persons (001 §3 Person, §7 People) and the expiration rule of
 * DOMAIN.md "Politically exposed persons".
 */

const text = (max = 300) => z.string().trim().max(max);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'not a calendar date',
    },
  );

/** The countries whose PEP rule the product knows. */
export const PEP_COUNTRIES = ['CL', 'BR'] as const;
export type PepCountry = (typeof PEP_COUNTRIES)[number];

/**
 * Years a person of the platform's register stays PEP after leaving office: the countries' defaults (Chile at least
 * 1, UAF Circular 62/2025; Brazil 5, Resolução COAF 40/2021). A company's customers follow the company's setting
 * `pepYearsAfterOffice` instead (pep-status.ts `pepYearsOf`, decision 170); the register, which belongs to no company,
 * keeps the defaults.
 */
export const PEP_YEARS_AFTER_OFFICE: Readonly<Record<PepCountry, number>> = PEP_YEARS_DEFAULT;

/** The date ('YYYY-MM-DD') on which a PEP stops being one; null while in office (no end of office). */
export function pepExpirationFor(country: PepCountry, officeEnd: string | null | undefined): string | null {
  if (!officeEnd) return null;
  const [y, m, d] = officeEnd.split('-').map(Number) as [number, number, number];
  const years = PEP_YEARS_AFTER_OFFICE[country];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // 29 February plus whole years lands on 1 March when the year is not a leap year: keep 28 February.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** True when the person is PEP on `today` ('YYYY-MM-DD'): active and not past the expiration. */
export function isPepOn(p: { isActive: boolean; pepExpiration: string | null }, today: string): boolean {
  return p.isActive && (p.pepExpiration === null || p.pepExpiration >= today);
}

/**
 * A register person's PEP status (001 §4: "PEP status is true only for the values direct or indirect"): direct for
 * a primary PEP (level 1) and indirect for a related one (level 2) while PEP; expired after the expiration;
 * deactivated when taken off the register.
 */
export const PEP_STATUSES = ['direct', 'indirect', 'expired', 'deactivated'] as const;
export type PepStatus = (typeof PEP_STATUSES)[number];

export function pepStatusOn(
  p: { isActive: boolean; pepExpiration: string | null; pepLevel: number },
  today: string,
): PepStatus {
  if (!p.isActive) return 'deactivated';
  if (!isPepOn(p, today)) return 'expired';
  return p.pepLevel === 1 ? 'direct' : 'indirect';
}

/** Whether a status is PEP: only direct and indirect are. */
export const isPepStatus = (s: PepStatus | null | undefined): boolean => s === 'direct' || s === 'indirect';

export const PepCountrySchema = z.enum(PEP_COUNTRIES);
export const PepLevel = z.union([z.literal(1), z.literal(2)]);

const personFields = {
  country: PepCountrySchema,
  personType: z.enum(['natural', 'legal']).default('natural'),
  documentType: text(20).min(1).optional().describe('RUT in Chile, CPF in Brazil when not given'),
  dni: text(40).min(1),
  name: text().min(1),
  pepLevel: PepLevel.describe('1 the primary PEP, 2 a related (secondary) one'),
  position: text().optional(),
  institution: text().optional(),
  officeStart: isoDate.optional(),
  officeEnd: isoDate.optional(),
  primaryPersonId: z.string().uuid().optional().describe('level 2: the primary PEP this person is related to'),
  relation: text(100).optional().describe('level 2: spouse, child, parent, sibling, partner, close associate...'),
  nationality: text(60).optional(),
  gender: text(20).optional(),
  email: text(200).optional(),
  phone: text(40).optional(),
  address: text(500).optional(),
};

export const PersonCreateBody = z.object(personFields);
export type PersonCreateBody = z.infer<typeof PersonCreateBody>;

export const PersonUpdateBody = z.object({
  name: text().min(1).optional(),
  pepLevel: PepLevel.optional(),
  position: text().nullable().optional(),
  institution: text().nullable().optional(),
  officeStart: isoDate.nullable().optional(),
  officeEnd: isoDate.nullable().optional(),
  primaryPersonId: z.string().uuid().nullable().optional(),
  relation: text(100).nullable().optional(),
  nationality: text(60).nullable().optional(),
  gender: text(20).nullable().optional(),
  email: text(200).nullable().optional(),
  phone: text(40).nullable().optional(),
  address: text(500).nullable().optional(),
});
export type PersonUpdateBody = z.infer<typeof PersonUpdateBody>;

export const PersonView = z.object({
  id: z.string().uuid(),
  country: z.string(),
  personType: z.enum(['natural', 'legal']),
  documentType: z.string(),
  dni: z.string(),
  name: z.string(),
  pepLevel: PepLevel,
  position: z.string().nullable(),
  institution: z.string().nullable(),
  officeStart: z.string().nullable(),
  officeEnd: z.string().nullable(),
  primaryPersonId: z.string().uuid().nullable(),
  primaryPersonName: z.string().nullable(),
  relation: z.string().nullable(),
  pepExpiration: z.string().nullable().describe('computed from the country rule; null while in office'),
  isPep: z.boolean().describe('active and not past the expiration today: true only for pepStatus direct or indirect'),
  pepStatus: z.enum(PEP_STATUSES).describe('direct (level 1) or indirect (level 2) while PEP; expired; deactivated'),
  nationality: z.string().nullable(),
  gender: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  files: z
    .array(
      z.object({
        name: z.string(),
        url: z.string().describe('GET /people/download-files/{storedName}'),
        size: z.number().int().nullable(),
        uploadedAt: z.string().nullable(),
      }),
    )
    .describe('documents kept on the person (PDF, at most 25 MB each)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PersonView = z.infer<typeof PersonView>;

/** The fields GET /people/{id} may be asked for (filter.fields); the answer holds only those (and the id). */
export const PERSON_VIEW_FIELDS = Object.keys(PersonView.shape) as (keyof PersonView)[];
export const PersonPartialView = PersonView.partial().extend({ id: z.string().uuid() });

export const PersonMassiveBody = z.object({ items: z.array(z.unknown()).min(1).max(5000) });
export const PersonMassiveResult = z.object({
  created: z.number().int(),
  errors: z.array(
    z.object({ index: z.number().int(), field: z.string().nullable(), code: z.string(), message: z.string() }),
  ),
});

export const PersonCheckBody = z.object({ dni: text(40).min(1), country: PepCountrySchema.optional() });
export const PersonCheckResult = z.object({
  isPep: z.boolean(),
  person: PersonView.nullable(),
});

/** A line of an import of the Brazil PEP list, as its report shows it. */
export const PEP_IMPORT_LINE_STATUSES = ['created', 'updated', 'unchanged', 'merged', 'error'] as const;
export const PepImportLineView = z.object({
  line: z.number().int(),
  status: z
    .enum(PEP_IMPORT_LINE_STATUSES)
    .describe(
      'created, updated or unchanged: the person of the line; merged: another function of a person read on an earlier line; error: the line was not read',
    ),
  name: z.string().nullable(),
  dni: z.string().nullable(),
  personId: z.string().uuid().nullable(),
  code: z.string().nullable().describe('why a line was not read (error) or merged (PEP_IMPORT_*)'),
  message: z.string().nullable().describe("in the reader's language"),
  notes: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .describe(
      "remarks besides the outcome, in the reader's language: no end in the file (a current PEP), a former PEP, the end computed from the end of office, customer files matched by the masked CPF or too many to tell",
    ),
});
export type PepImportLineView = z.infer<typeof PepImportLineView>;

export const PepImportView = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  lines: z.number().int().describe('lines read (header excluded)'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  merged: z.number().int(),
  errors: z.number().int(),
  error: z.string().nullable().describe('why the whole file was refused (status failed)'),
  createdBy: z.string().nullable().describe('name of the user who uploaded it'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PepImportView = z.infer<typeof PepImportView>;
