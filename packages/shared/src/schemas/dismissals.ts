import { z } from 'zod';
import type { Role } from '../permissions';

/*
 * Four-eyes dismissal of list matches (issue 15) and the company's screening settings.
 */

/** The reasons every company starts with (translated in the `screening` catalog: screening:dismissal.reasons.*). */
export const DEFAULT_DISMISSAL_REASONS = [
  'differentPerson',
  'differentBirthDate',
  'differentNationality',
  'differentDocument',
  'commonName',
] as const;

export const MatchDismissalProposalBody = z.object({
  reasonCode: z.string().trim().min(1).max(100).describe('one of the company reasons (GET /screening-settings)'),
  reasonText: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .describe('free text; mandatory (at least 10 characters) for sanctions and critical lists'),
});

export const MatchDismissalDecisionBody = z.object({
  comment: z.string().trim().max(2000).optional(),
});

export const MatchDismissalView = z.object({
  id: z.string().uuid(),
  fichaId: z.string().uuid(),
  fichaName: z.string().nullable(),
  listId: z.string(),
  entityId: z.string(),
  matchedName: z.string(),
  reasonCode: z.string(),
  reasonText: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  proposedBy: z.string().uuid(),
  proposedByName: z.string().nullable(),
  proposedAt: z.string(),
  decidedBy: z.string().uuid().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
});

/** The answer of a proposal: applied right away (no second step) or waiting for a second user. */
export const MatchDismissalResult = z.object({
  proposal: MatchDismissalView,
  applied: z.boolean().describe('true when the dismissal took effect (approved, or no second step needed)'),
});

export const MatchDismissalQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  fichaId: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).optional(),
});

/**
 * Who changes the company's screening settings (the second step for non-critical lists, the critical lists, the
 * reasons): the company administrators, as the spec's role table gives the company's customization (admin,
 * adminNoUser). The server's policy and the web's settings card both read it.
 */
export const SCREENING_SETTINGS_ROLES: readonly Role[] = ['admin', 'adminNoUser'];

export function mayChangeScreeningSettings(role: Role): boolean {
  return SCREENING_SETTINGS_ROLES.includes(role);
}

export const ScreeningSettingsView = z.object({
  criticalLists: z.array(z.string()).describe('lists treated as sanctions lists (always two steps)'),
  dismissalReasons: z.array(z.string()).describe('the reasons a dismissal may give (codes or the company texts)'),
  fourEyesNonCritical: z.boolean().describe('false: a dismissal on a non-critical list applies without a second user'),
});

export const ScreeningSettingsBody = z.object({
  criticalLists: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  dismissalReasons: z.array(z.string().trim().min(1).max(200)).min(1).max(50).optional(),
  fourEyesNonCritical: z.boolean().optional(),
});

export type MatchDismissalViewT = z.infer<typeof MatchDismissalView>;
export type ScreeningSettingsViewT = z.infer<typeof ScreeningSettingsView>;

/** GET /screening/lists/{listId}/entries/{entityId}: a list entry whole, as the hit detail drawer shows it. */
export const ListEntryDetail = z.object({
  listId: z.string(),
  listName: z.string(),
  kind: z.enum(['sanctions', 'pep', 'risk', 'company']),
  entityId: z.string(),
  schema: z.string(),
  names: z.array(z.string()).describe('primary name first, then the aliases'),
  identifiers: z.array(z.object({ type: z.string(), value: z.string(), country: z.string().optional() })),
  birthDates: z.array(z.string()),
  countries: z.array(z.string()),
  programs: z.array(z.string()),
  addresses: z.array(z.string()),
  listedOn: z.string().nullable(),
  reference: z.string().nullable().describe("the entry's own reference on its list (OFAC ent_num, EU reference...)"),
  remarks: z.string().nullable(),
  version: z.object({ label: z.string(), activatedAt: z.string().nullable() }).nullable(),
  sourceUrl: z.string().nullable().describe('where the list is published'),
  pep: z
    .object({
      level: z.number().int().describe('1 the primary PEP, 2 a related one'),
      position: z.string().nullable(),
      institution: z.string().nullable(),
      officeStart: z.string().nullable(),
      officeEnd: z.string().nullable(),
      expiration: z.string().nullable().describe('the day the PEP status ends; null while in office'),
      primaryName: z.string().nullable(),
      relation: z.string().nullable(),
    })
    .nullable()
    .optional()
    .describe('an entry of the PEP register: the office and the expiration that make the person PEP'),
});
export type ListEntryDetailT = z.infer<typeof ListEntryDetail>;
