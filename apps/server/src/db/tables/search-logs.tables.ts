import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

export interface SearchLogsTable {
  id: Generated<string>;
  companyId: string;
  userId: string | null;
  kind: Generated<string>;
  name: string | null;
  dni: string | null;
  personType: string | null;
  country: string | null;
  query: Json<Record<string, unknown>>;
  total: Generated<number>;
  /** ids of the lists that had a coincidence */
  coincidences: Json<string[]>;
  comment: string | null;
  isActive: Generated<boolean>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
}

export interface SearchLogsTables {
  searchLogs: SearchLogsTable;
}
