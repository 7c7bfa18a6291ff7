import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

export type AllegationStatus = 'received' | 'acknowledged' | 'investigating' | 'resolved' | 'dismissed';
export type AllegationRelationship = 'employee' | 'supplier' | 'customer' | 'other';

export interface AllegationsTable {
  id: Generated<string>;
  companyId: string;
  /** the id the reporter writes down (short, unguessable) */
  code: string;
  /** argon2id hash of the pin; the pin itself is never stored */
  pinHash: string;
  category: string;
  description: string;
  occurredWhen: string | null;
  occurredWhere: string | null;
  involved: string | null;
  anonymous: Generated<boolean>;
  reporterName: string | null;
  reporterEmail: string | null;
  reporterPhone: string | null;
  relationship: AllegationRelationship;
  status: Generated<AllegationStatus>;
  leyKarin: Generated<boolean>;
  assignedTo: string | null;
  /** due dates as YYYY-MM-DD (Chilean calendar days) */
  acknowledgeDue: string;
  feedbackDue: string;
  investigationDue: string | null;
  acknowledgedAt: NullableTimestamp;
  closedAt: NullableTimestamp;
  failedPinAttempts: Generated<number>;
  lockedUntil: NullableTimestamp;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface AllegationMessagesTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  author: 'reporter' | 'staff';
  userId: string | null;
  body: string;
  createdAt: Generated<Date>;
}

/** Internal notes: a table of their own, never read by the public calls. */
export interface AllegationNotesTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  userId: string;
  body: string;
  createdAt: Generated<Date>;
}

export interface AllegationFilesTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  messageId: string | null;
  /** set for a file of an internal note: never served to the reporter */
  noteId: Generated<string | null>;
  storedName: string;
  name: string;
  mime: string;
  size: number;
  uploadedBy: 'reporter' | 'staff';
  createdAt: Generated<Date>;
}

export interface AllegationStatusChangesTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  fromStatus: AllegationStatus | null;
  toStatus: AllegationStatus;
  reason: string;
  userId: string | null;
  createdAt: Generated<Date>;
}

export interface AllegationSettingsTable {
  companyId: string;
  categories: Json<string[]>;
  acknowledgeDays: Generated<number>;
  feedbackMonths: Generated<number>;
  karinBusinessDays: Generated<number>;
  remindDaysBefore: Generated<number>;
  updatedAt: Generated<Date>;
}

export interface AllegationNoticesTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  deadline: 'acknowledge' | 'feedback' | 'investigation';
  stage: 'soon' | 'passed';
  createdAt: Generated<Date>;
}

export type AllegationActivityKind = 'assigned' | 'viewed' | 'file_downloaded' | 'exported';

/**
 * A staff user's act on a report, shown in its history (decision 182): an assignment (to whom, from whom), an
 * opening of the case (one per user and report per hour), a download of one of its files or of a list export that
 * held it. Never the reporter's: nothing here comes from the reporter.
 */
export interface AllegationActivityTable {
  id: Generated<string>;
  companyId: string;
  allegationId: string;
  kind: AllegationActivityKind;
  userId: string;
  assigneeId: string | null;
  previousAssigneeId: string | null;
  fileId: string | null;
  createdAt: Generated<Date>;
}

export interface AllegationsTables {
  allegations: AllegationsTable;
  allegationMessages: AllegationMessagesTable;
  allegationNotes: AllegationNotesTable;
  allegationFiles: AllegationFilesTable;
  allegationStatusChanges: AllegationStatusChangesTable;
  allegationSettings: AllegationSettingsTable;
  allegationNotices: AllegationNoticesTable;
  allegationActivity: AllegationActivityTable;
}
