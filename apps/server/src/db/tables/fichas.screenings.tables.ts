import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../schema';

/** One hit of a recorded screening, as it was then (migration 0820, decision 240). */
export interface ScreeningHitRecord {
  listId: string;
  listName: string;
  entityId: string;
  name: string;
  matchedName: string;
  score: number;
  /** the engine's explanation, the same the screen puts in words */
  explanation?: unknown;
  dismissed?: boolean;
  dismissedReason?: string;
}

/** Why a screening was made: by hand, on the ficha's creation, on a change of its identity, by the screening job. */
export type ScreeningCause = 'manual' | 'created' | 'updated' | 'job';

/** Every recorded screening of a ficha with its hits (the one ficha.screened audit row names it by screeningId). */
export interface FichaScreeningsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  screenedAt: Timestamp;
  screenedBy: string | null;
  cause: ScreeningCause;
  total: number;
  error: boolean;
  hits: ColumnType<ScreeningHitRecord[], string, string>;
  hitsOmitted: number;
}

export interface FichaScreeningsTables {
  fichaScreenings: FichaScreeningsTable;
}

export type FichaScreeningRow = Selectable<FichaScreeningsTable>;
