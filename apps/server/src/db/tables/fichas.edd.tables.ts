import type { ColumnType, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../schema';

/**
 * The enhanced due diligence of a ficha (migration 0620, decisions 141 to 143): whether it is required and why, the
 * checklist and its status. One row per ficha that ever required it; kept (required false) when it stops.
 */
export interface FichaEddTable {
  companyId: string;
  fichaId: string;
  required: boolean;
  /** the reasons (EddReason of packages/shared/src/schemas/edd.ts), as json */
  reasons: ColumnType<unknown, string, string>;
  requiredSince: NullableTimestamp;
  status: 'open' | 'completed';
  sourceOfFunds: string | null;
  sourceOfWealth: string | null;
  approvedBy: string | null;
  approvedAt: NullableTimestamp;
  updatedBy: string | null;
  updatedAt: Timestamp;
}

export interface FichaEddTables {
  fichaEdd: FichaEddTable;
}

export type FichaEddRow = Selectable<FichaEddTable>;
