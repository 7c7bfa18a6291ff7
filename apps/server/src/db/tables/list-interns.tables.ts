import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../schema';

export interface ListInternsTable {
  id: Generated<string>;
  companyId: string;
  dni: string;
  /** the document without dots, hyphens or spaces, upper case: duplicates are found by it */
  dniKey: string;
  name: string | null;
  personType: 'natural' | 'legal';
  reason: string | null;
  otherReason: string | null;
  country: string | null;
  isActive: Generated<boolean>;
  registeredBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
}

export interface ListInternsTables {
  listInterns: ListInternsTable;
}
