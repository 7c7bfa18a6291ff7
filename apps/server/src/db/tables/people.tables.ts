import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

export type RegisterStatus = 'direct' | 'indirect' | 'expired' | 'deactivated';

/** A document kept on a person: `storedName` is the file in the store (never shown). */
export interface PersonFile {
  name: string;
  storedName: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string | null;
}

/** A politically exposed person of the platform's register (not a tenant table: the super administrator keeps it). */
export interface PeopleTable {
  id: Generated<string>;
  country: string;
  personType: Generated<'natural' | 'legal'>;
  documentType: string;
  dni: string;
  /** the document without dots, hyphens or spaces, upper case: duplicates are found by it */
  dniKey: string;
  name: string;
  /** 1 the primary PEP, 2 a related (secondary) one */
  pepLevel: 1 | 2;
  position: string | null;
  institution: string | null;
  /** dates as 'YYYY-MM-DD' */
  officeStart: string | null;
  officeEnd: string | null;
  primaryPersonId: string | null;
  relation: string | null;
  pepExpiration: string | null;
  nationality: string | null;
  gender: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  isActive: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deactivatedAt: NullableTimestamp;
  deactivatedBy: string | null;
  files: Json<PersonFile[]>;
  /** the PEP status last recorded (the register list holds the direct and indirect ones) */
  registerStatus: Generated<RegisterStatus>;
}

/** Every change of a person's PEP status (the watcher's "new PEPs" and "status changed"). */
export interface PeopleStatusChangesTable {
  id: Generated<string>;
  personId: string;
  fromStatus: RegisterStatus | null;
  toStatus: RegisterStatus;
  /** created, updated, deactivated, expired, imported */
  cause: string;
  changedBy: string | null;
  changedAt: Generated<Date>;
}

export interface PeopleImportsTable {
  id: Generated<string>;
  fileName: string;
  fileKey: string;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  lines: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  merged: Generated<number>;
  errors: Generated<number>;
  error: string | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
  finishedAt: NullableTimestamp;
}

export interface PeopleImportLinesTable {
  importId: string;
  line: number;
  status: 'created' | 'updated' | 'unchanged' | 'merged' | 'error';
  name: string | null;
  dni: string | null;
  personId: string | null;
  code: string | null;
  params: Json<Record<string, unknown>> | null;
  /** remarks besides the outcome (no end in the file, former PEP, customer files matched), translated when read */
  notes: Json<ImportLineNote[]>;
}

/** A remark on a line of an import's report: a code of the platform's errors catalog and its values. */
export interface ImportLineNote {
  code: string;
  params: Record<string, unknown>;
}

export interface PeopleTables {
  people: PeopleTable;
  peopleStatusChanges: PeopleStatusChangesTable;
  peopleImports: PeopleImportsTable;
  peopleImportLines: PeopleImportLinesTable;
}
