import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

/** The destination account of a transfer or Pix (all optional: what the institution knows). */
export interface BacenDestination {
  institution?: string | null;
  branch?: string | null;
  account?: string | null;
  holder?: string | null;
  holderDocument?: string | null;
  pixKey?: string | null;
}

export interface BacenReportsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string | null;
  suspectName: string | null;
  suspectDocument: string | null;
  description: string;
  registeringInstitution: string;
  operationType: 'transfer' | 'pix' | 'other';
  destination: Json<BacenDestination | null>;
  consent: boolean;
  consentAt: Date | string;
  identifiedAt: Date | string;
  /** the identification time the record was first registered with (never changed) */
  firstIdentifiedAt: Date | string;
  /** registered more than 24 hours after identification: decided at registration, never cleared (decision 116) */
  late: boolean;
  registeredAt: Generated<Date>;
  version: Generated<number>;
  createdBy: string | null;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
  deletedReason: string | null;
}

export interface BacenReportVersionsTable {
  id: Generated<string>;
  companyId: string;
  reportId: string;
  version: number;
  data: Json<Record<string, unknown>>;
  reason: string;
  changedBy: string | null;
  changedAt: Generated<Date>;
}

export interface BacenDeclarationsTable {
  companyId: string;
  month: string;
  declaredBy: string | null;
  declaredAt: Generated<Date>;
}

export interface BacenTables {
  bacenReports: BacenReportsTable;
  bacenReportVersions: BacenReportVersionsTable;
  bacenDeclarations: BacenDeclarationsTable;
}
