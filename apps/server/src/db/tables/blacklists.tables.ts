import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../schema';

export interface BlacklistReasonsTable {
  id: Generated<string>;
  companyId: string;
  text: string;
  isActive: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface BlacklistsTable {
  id: Generated<string>;
  companyId: string;
  dni: string;
  dniKey: string;
  name: string | null;
  personType: 'natural' | 'legal';
  country: string | null;
  reasonId: string | null;
  comment: string | null;
  status: Generated<'active' | 'inactive'>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
}

export interface BlacklistsTables {
  blacklistReasons: BlacklistReasonsTable;
  blacklists: BlacklistsTable;
}
