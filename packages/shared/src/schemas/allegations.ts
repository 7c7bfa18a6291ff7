import { z } from 'zod';

/**
 * The whistleblowing channel (spec 001 §3 Whistleblowing, §7; issue 10): filing and following a report with its id
 * and pin, and the handling of reports by the two allegation roles.
 */

export const ALLEGATION_STATUSES = ['received', 'acknowledged', 'investigating', 'resolved', 'dismissed'] as const;
export const AllegationStatus = z.enum(ALLEGATION_STATUSES);
export type AllegationStatus = z.infer<typeof AllegationStatus>;

/** Where a status may go next; every change needs a reason. A closed report can be reopened for investigation. */
export const ALLEGATION_TRANSITIONS: Record<AllegationStatus, readonly AllegationStatus[]> = {
  received: ['acknowledged', 'investigating', 'dismissed'],
  acknowledged: ['investigating', 'resolved', 'dismissed'],
  investigating: ['resolved', 'dismissed'],
  resolved: ['investigating'],
  dismissed: ['investigating'],
};

/**
 * A Ley Karin complaint (Ley 21.643, the `harassment` category) is not screened out for admissibility: it is never
 * dismissed, and it is closed (resolved) only after its investigation, with the outcome as the closing reason
 * (at least KARIN_RESOLUTION_MIN characters). A complaint dismissed before it became Ley Karin can only be
 * investigated.
 */
export const LEY_KARIN_TRANSITIONS: Record<AllegationStatus, readonly AllegationStatus[]> = {
  received: ['acknowledged', 'investigating'],
  acknowledged: ['investigating'],
  investigating: ['resolved'],
  resolved: ['investigating'],
  dismissed: ['investigating'],
};

/** The least length of the outcome of a Ley Karin investigation, given as the reason that closes the complaint. */
export const KARIN_RESOLUTION_MIN = 20;

/** Where a report may go next: the Ley Karin flow for a Ley Karin complaint, the general one otherwise. */
export function nextStatuses(status: AllegationStatus, leyKarin: boolean): readonly AllegationStatus[] {
  return (leyKarin ? LEY_KARIN_TRANSITIONS : ALLEGATION_TRANSITIONS)[status];
}

export const ALLEGATION_RELATIONSHIPS = ['employee', 'supplier', 'customer', 'other'] as const;
export const AllegationRelationship = z.enum(ALLEGATION_RELATIONSHIPS);

/**
 * The categories a company starts with are its country's (allegation-categories.ts, decision 136); `harassment` is
 * Chile's Ley Karin category (30 business days), Brazil has `harassmentBr` (Lei 14.457/2022) instead.
 */
export {
  ALLEGATION_CATEGORIES_BY_COUNTRY,
  CATALOGUE_ALLEGATION_CATEGORIES,
  categoryAllowedIn,
  defaultCategoriesFor,
  isLeyKarin,
  LEY_KARIN_CATEGORY,
} from './allegation-categories';

/** The six dashboard modes of spec 001 §3; any other answers 'Modo inválido'. */
export const ALLEGATION_DASHBOARD_MODES = [
  'timeframes',
  'anonymous',
  'client_relationship',
  'status',
  'assigned_person',
  'category',
] as const;
export type AllegationDashboardMode = (typeof ALLEGATION_DASHBOARD_MODES)[number];

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional().nullable();
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

// ------------------------------------------------------------------ public

export const PublicChannelView = z.object({
  companyId: z.string().uuid(),
  companyName: z.string(),
  categories: z.array(z.string()),
  /** the company's country (CL or BR): whose rules the channel follows */
  country: z.enum(['CL', 'BR']),
});

/**
 * GET /denuncia-channel (signed in): whether the caller's company's channel takes reports, for the sidebar's link
 * to the public filing page (issue 22: signed-in pages no longer call the public, rate-limited channel route).
 */
export const ChannelStatusView = z.object({
  companyId: z.string().uuid(),
  active: z.boolean(),
});

/** The JSON part (`data`) of the multipart filing; files come as parts named `files`. */
export const AllegationFileBody = z.object({
  companyId: z.string().uuid(),
  captcha: z.string().min(1).max(600),
  category: text(80).min(1),
  description: text(20_000).min(1),
  occurredWhen: optionalText(200),
  occurredWhere: optionalText(300),
  involved: optionalText(2_000),
  anonymous: z.boolean(),
  reporterName: optionalText(150),
  reporterEmail: z.string().trim().email().max(200).optional().nullable().or(z.literal('')),
  reporterPhone: optionalText(40),
  relationship: AllegationRelationship,
});
export type AllegationFileBody = z.infer<typeof AllegationFileBody>;

export const AllegationFiledView = z.object({
  id_denuncia: z.string().describe('the report id the reporter writes down'),
  pin: z.string().describe('shown once; stored only as an argon2id hash'),
});

const Code = z.string().trim().min(1).max(40);
const Pin = z.string().trim().min(1).max(40);

/** A solved proof-of-work token (GET /captcha/challenge): every public call that takes a pin needs a fresh one. */
const Challenge = z.string().min(1).max(600);

export const PublicDetailBody = z.object({
  companyId: z.string().uuid(),
  id_denuncia: Code,
  pin: Pin,
  captcha: Challenge,
});

export const PublicChatDetailBody = z.object({
  companyId: z.string().uuid(),
  denunciaId: Code,
  pin: Pin,
  captcha: Challenge,
});

export const PublicFileBody = z.object({
  companyId: z.string().uuid(),
  id_denuncia: Code,
  pin: Pin,
  captcha: Challenge,
});

/** The JSON part (`data`) of a reporter's reply; files come as parts named `files`. */
export const PublicChatBody = PublicChatDetailBody.extend({ message: text(10_000).min(1) });

export const AllegationFileView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  uploadedBy: z.enum(['reporter', 'staff']),
  createdAt: z.string(),
});

export const PublicMessageView = z.object({
  id: z.string().uuid(),
  author: z.enum(['reporter', 'staff']),
  body: z.string(),
  createdAt: z.string(),
  files: z.array(AllegationFileView),
});

export const PublicAllegationView = z.object({
  id_denuncia: z.string(),
  status: AllegationStatus,
  category: z.string(),
  description: z.string(),
  createdAt: z.string(),
  files: z.array(AllegationFileView),
  messages: z.array(PublicMessageView),
});

export const PublicMessagesView = z.object({ messages: z.array(PublicMessageView) });

// ------------------------------------------------------------------ internal

export const NextDeadline = z
  .object({ deadline: z.enum(['acknowledge', 'feedback', 'investigation']), due: IsoDay })
  .nullable();

export const AllegationListItem = z.object({
  id: z.string().uuid(),
  code: z.string(),
  category: z.string(),
  status: AllegationStatus,
  anonymous: z.boolean(),
  relationship: AllegationRelationship,
  leyKarin: z.boolean(),
  assignedTo: z.string().uuid().nullable(),
  assignedName: z.string().nullable(),
  createdAt: z.string(),
  nextDeadline: NextDeadline,
  overdue: z.boolean(),
});
export type AllegationListItem = z.infer<typeof AllegationListItem>;

export const AllegationListFilter = z.object({
  status: AllegationStatus.optional(),
  category: text(80).optional(),
  assignedTo: z.union([z.string().uuid(), z.literal('none')]).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  overdue: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).default(25),
  skip: z.number().int().min(0).max(1_000_000).default(0),
});
export type AllegationListFilter = z.infer<typeof AllegationListFilter>;

/** GET /denuncia answers the page as an array (the spec's list call); GET /denuncia/count its number. */
export const AllegationListView = z.array(AllegationListItem);
/** GET /denuncia/count's `where`: the list filter without its page. */
export const AllegationCountWhere = AllegationListFilter.omit({ limit: true, skip: true });
export type AllegationCountWhere = z.infer<typeof AllegationCountWhere>;

export const AllegationStaffMessageView = z.object({
  id: z.string().uuid(),
  author: z.enum(['reporter', 'staff']),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  files: z.array(AllegationFileView),
});

export const AllegationNoteView = z.object({
  id: z.string().uuid(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  files: z.array(AllegationFileView),
});

export const AllegationHistoryView = z.object({
  fromStatus: AllegationStatus.nullable(),
  toStatus: AllegationStatus,
  reason: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});

export const ALLEGATION_ACTIVITY_KINDS = ['assigned', 'viewed', 'file_downloaded', 'exported'] as const;

/**
 * A staff user's act on a report (decision 182): an assignment (assigneeName null: left to nobody), an opening of the
 * case (one per user and hour), a download of a file (fileName) or of a list export that held the report.
 */
export const AllegationActivityView = z.object({
  id: z.string().uuid(),
  kind: z.enum(ALLEGATION_ACTIVITY_KINDS),
  userName: z.string(),
  assigneeName: z.string().nullable(),
  previousAssigneeName: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type AllegationActivityView = z.infer<typeof AllegationActivityView>;

export const AllegationDetailView = AllegationListItem.extend({
  description: z.string(),
  occurredWhen: z.string().nullable(),
  occurredWhere: z.string().nullable(),
  involved: z.string().nullable(),
  reporterName: z.string().nullable(),
  reporterEmail: z.string().nullable(),
  reporterPhone: z.string().nullable(),
  acknowledgeDue: IsoDay,
  feedbackDue: IsoDay,
  investigationDue: IsoDay.nullable(),
  acknowledgedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  files: z.array(AllegationFileView),
  messages: z.array(AllegationStaffMessageView),
  notes: z.array(AllegationNoteView),
  history: z.array(AllegationHistoryView),
  activity: z.array(AllegationActivityView),
});
export type AllegationDetailView = z.infer<typeof AllegationDetailView>;

export const AllegationPatchBody = z
  .object({
    status: AllegationStatus.optional(),
    reason: text(2_000).optional(),
    category: text(80).min(1).optional(),
  })
  .refine((b) => b.status !== undefined || b.category !== undefined, {
    message: 'status or category is required',
    path: ['status'],
  });

export const AllegationAssignBody = z.object({ denunciaId: z.string().uuid(), userId: z.string().uuid().nullable() });

export const AllegationMessageBody = z.object({ message: text(10_000).min(1) });

export const AssignableUserView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});

export const AllegationSettingsView = z.object({
  categories: z.array(text(80).min(1)).min(1).max(30),
  /** the company's country (read only, ignored when saved): Brazil has no Ley Karin deadline */
  country: z.enum(['CL', 'BR']).optional(),
  acknowledgeDays: z.number().int().min(1).max(60),
  feedbackMonths: z.number().int().min(1).max(12),
  karinBusinessDays: z.number().int().min(1).max(120),
  remindDaysBefore: z.number().int().min(0).max(30),
});
export type AllegationSettingsView = z.infer<typeof AllegationSettingsView>;

export const DashboardRange = z.object({ init: IsoDay.optional(), end: IsoDay.optional() });
export const ReportsRange = z.object({ inicio: IsoDay.optional(), fin: IsoDay.optional() });

export const AggregateBucket = z.object({ key: z.string(), label: z.string().nullable(), count: z.number().int() });
export const AggregateView = z.object({ mode: z.string(), data: z.array(AggregateBucket) });
export const AllAggregatesView = z.object({
  init: IsoDay,
  end: IsoDay,
  total: z.number().int(),
  modes: z.record(z.string(), z.array(AggregateBucket)),
});
export type AllAggregatesView = z.infer<typeof AllAggregatesView>;
