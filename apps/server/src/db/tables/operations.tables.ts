import type { DueDiligenceView } from '@regcheck/shared/schemas/operations';
import type { Generated, Selectable } from 'kysely';
import type { z } from 'zod';
import type { StoredDocument } from '../../lib/stored-documents';
import type { Json, NullableTimestamp } from '../schema';
import type { RateUsed } from './currency-rates.tables';

export interface OperationCountersTable {
  companyId: string;
  lastCodigo: Generated<number>;
}

export interface OperationsTable {
  id: Generated<string>;
  companyId: string;
  codigo: number;
  transactionType: string | null;
  transactionDate: NullableTimestamp;
  registrationDate: Generated<Date>;
  referenceNumber: string | null;
  transactionComments: string | null;
  divisa: string;
  amount: Generated<number>;
  cashAmount: Generated<number>;
  cashAmountUsd: number | null;
  /** the rate cashAmountUsd was converted with (migration 0610); null while pending, or not known for old rows */
  cashRate: Json<RateUsed> | null;
  includesCash: Generated<boolean>;
  /** due diligence by amount (migration 0630, operations.due-diligence.ts); null: not evaluated yet */
  dueDiligence: Json<z.infer<typeof DueDiligenceView>> | null;
  state: Generated<'open' | 'closed'>;
  recordStatus: Generated<'active' | 'inactive'>;
  consultationStatus: Generated<string>;
  /** the form status snapshot per form (spec 000 §3 list rows), kept by the forms module */
  formDof: Generated<string>;
  formBf: Generated<string>;
  pepDefaultFormStatus: Generated<string>;
  risk: Generated<string>;
  tags: Json<{ name: string }[]>;
  ros: Generated<boolean>;
  rosReason: string | null;
  roe: Generated<boolean>;
  transporter: Json<Record<string, unknown>> | null;
  documents: Json<StoredDocument[]>;
  policyNumber: string | null;
  product: string | null;
  startDate: string | null;
  endDate: string | null;
  premiumSfp: number | null;
  policyStatus: string | null;
  paymentChannel: string | null;
  paymentMethod: string | null;
  policyValueAtClosure: number | null;
  searchText: Generated<string>;
  read: Generated<boolean>;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  updatedBy: string | null;
  deletedBy: string | null;
  deletedAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
  finishedBy: string | null;
}

export interface OperationAssociatesTable {
  id: Generated<string>;
  companyId: string;
  operationId: string;
  position: number;
  fichaId: string | null;
  dni: string;
  dniType: Json<Record<string, unknown>> | null;
  personType: 'natural' | 'legal';
  currency: string;
  monto: number;
  efective: number;
  personsRelations: Json<Record<string, unknown>[]>;
  name: string;
  email: string | null;
  risk: string;
  missingFields: Json<string[]>;
}

export interface OperationSnapshotsTable {
  id: Generated<string>;
  companyId: string;
  operationId: string;
  seq: number;
  kind: Generated<'finished'>;
  data: Json<Record<string, unknown>>;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Generated<Date>;
}

export interface OperationPolicyHistoryTable {
  id: Generated<string>;
  companyId: string;
  operationId: string;
  policy: Json<Record<string, unknown>>;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: Generated<Date>;
}

/** A public link of an operation: only the SHA-256 of its token is stored (docs/decisions.md 10). */
export interface OperationPublicLinksTable {
  id: Generated<string>;
  companyId: string;
  operationId: string;
  dni: string | null;
  tokenHash: string;
  expiresAt: Date;
  createdBy: string | null;
  createdAt: Generated<Date>;
  lastUsedAt: NullableTimestamp;
}

/** An e-mail change asked through a public link, waiting for confirmation at the old address. */
export interface OperationPublicEmailChangesTable {
  id: Generated<string>;
  companyId: string;
  linkId: string;
  fichaId: string;
  associateId: string;
  oldEmail: string;
  newEmail: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: NullableTimestamp;
  ip: string | null;
  requestId: string | null;
  createdAt: Generated<Date>;
}

export interface OperationsTables {
  operationCounters: OperationCountersTable;
  operations: OperationsTable;
  operationAssociates: OperationAssociatesTable;
  operationSnapshots: OperationSnapshotsTable;
  operationPolicyHistory: OperationPolicyHistoryTable;
  operationPublicLinks: OperationPublicLinksTable;
  operationPublicEmailChanges: OperationPublicEmailChangesTable;
}

export type OperationRow = Selectable<OperationsTable>;
export type AssociateRow = Selectable<OperationAssociatesTable>;
export type SnapshotRow = Selectable<OperationSnapshotsTable>;
export type PolicyHistoryRow = Selectable<OperationPolicyHistoryTable>;
export type PublicLinkRow = Selectable<OperationPublicLinksTable>;
