import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  country: string;
  language: 'es' | 'br' | 'en';
  massiveBulks: Generated<boolean>;
  allegationsChannelStatus: Generated<'active' | 'inactive'>;
  settings: Json<Record<string, unknown>>;
  status: Generated<'active' | 'inactive'>;
  logoKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** the company's commercial activity (catalogue of migration 0511) */
  commercialActivityId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
}

export interface UsersTable {
  id: Generated<string>;
  companyId: string | null;
  name: string;
  email: string;
  role: string;
  lang: 'es' | 'br' | 'en' | null;
  active: Generated<boolean>;
  passwordHash: string | null;
  askPasswordChange: Generated<boolean>;
  photoUrl: string | null;
  lastLoginAt: NullableTimestamp;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  createdBy: string | null;
  deletedAt: NullableTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  userId: string;
  companyId: string | null;
  refreshHash: string;
  createdAt: Generated<Date>;
  lastUsedAt: Generated<Date>;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  ip: string | null;
  userAgent: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  userId: string;
  companyId: string | null;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Generated<Date>;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  windowStart: Timestamp;
  lockedUntil: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  companyId: string | null;
  userId: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  requestId: string | null;
  createdAt: Generated<Date>;
}

export interface OutboxTable {
  id: Generated<string>;
  companyId: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  fromName: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Generated<Date>;
  sentAt: NullableTimestamp;
}

export interface JobsTable {
  id: Generated<string>;
  name: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  runAt: Generated<Date>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  lastError: string | null;
  lockedAt: NullableTimestamp;
  lockedBy: string | null;
  singletonKey: string | null;
  progress: Json<Record<string, unknown>> | null;
  companyId: string | null;
  createdAt: Generated<Date>;
  finishedAt: NullableTimestamp;
}

export interface AppSettingsTable {
  key: string;
  value: Json;
  updatedAt: Generated<Date>;
}

/** Counters shared by every process of an installation, forgotten at `expiresAt` (db/expiring-counters.repo.ts). */
export interface ExpiringCountersTable {
  key: string;
  count: number;
  expiresAt: Date;
}

export interface ApiClientsTable {
  id: Generated<string>;
  companyId: string;
  userId: string;
  name: string;
  clientId: string;
  secretHash: string;
  active: Generated<boolean>;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: Generated<Date>;
}

/** Tables of the foundation. Feature modules add theirs in db/tables.ts. */
export interface FoundationTables {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  passwordResetTokens: PasswordResetTokensTable;
  loginAttempts: LoginAttemptsTable;
  auditLog: AuditLogTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  appSettings: AppSettingsTable;
  expiringCounters: ExpiringCountersTable;
  apiClients: ApiClientsTable;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type JobRow = Selectable<JobsTable>;
export type OutboxRow = Selectable<OutboxTable>;
