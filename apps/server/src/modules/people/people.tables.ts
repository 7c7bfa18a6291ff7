import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/schema';

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
}

export interface PeopleTables {
  people: PeopleTable;
}
