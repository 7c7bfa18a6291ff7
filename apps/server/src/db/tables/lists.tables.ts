import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';
import type { BlacklistsTables } from './blacklists.tables';
import type { ListInternsTables } from './list-interns.tables';
import type { SearchLogsTables } from './search-logs.tables';

export type ListKind = 'sanctions' | 'pep' | 'risk' | 'company';
export type ListVersionStatus = 'importing' | 'active' | 'failed' | 'superseded';
export type ListVersionOrigin = 'upload' | 'fetch' | 'snapshot' | 'manual' | 'default';

/** One line (or entry) of an imported file that could not be read. */
export interface ImportLineError {
  line: number;
  /** in English (logs, API clients); the screens put `code` and `params` in the reader's language */
  message: string;
  code?: string;
  params?: Record<string, string | number>;
  text?: string;
}

export interface ListSourcesTable {
  /** stable key: 'ofac', 'onu', 'gafi'... */
  id: string;
  name: string;
  kind: ListKind;
  format: string;
  sourceUrl: string | null;
  fetchEnabled: Generated<boolean>;
  /** bumped by every change of the list's content (import activation, manual entry change) */
  revision: Generated<number>;
  lastFetchedAt: NullableTimestamp;
  lastFetchError: string | null;
  /** hours between two expected updates (null: no expectation, a list kept by hand) */
  updateIntervalHours: number | null;
  /** the last time the list was confirmed current (decision 165) */
  lastSuccessAt: NullableTimestamp;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface ListVersionsTable {
  id: Generated<number>;
  sourceId: string;
  label: string;
  format: string;
  origin: ListVersionOrigin;
  status: Generated<ListVersionStatus>;
  entityCount: Generated<number>;
  errorCount: Generated<number>;
  errors: Json<ImportLineError[]>;
  checksum: string | null;
  jobId: string | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
  importedAt: NullableTimestamp;
  activatedAt: NullableTimestamp;
  /** the date of the list's content (a snapshot's own date, the day of a fetch or an upload) */
  publishedAt: NullableTimestamp;
}

export interface ListFilesTable {
  versionId: number;
  content: Uint8Array;
}

export interface ListEntitiesTable {
  versionId: number;
  entityId: string;
  schema: string;
  names: Json<string[]>;
  identifiers: Json<{ type: string; value: string; country?: string }[]>;
  birthDates: Json<string[]>;
  countries: Json<string[]>;
  programs: Json<string[]>;
  remarks: string | null;
  /** the list's own fields (FATF reason, keyword word, motive, status...) and the parser's extras */
  fields: Json<Record<string, unknown>>;
  updatedAt: Generated<Date>;
}

/** Every table of the screening feature (lists, list of interest, blacklists, search log). */
export interface ListsTables extends ListInternsTables, BlacklistsTables, SearchLogsTables {
  listSources: ListSourcesTable;
  listVersions: ListVersionsTable;
  listFiles: ListFilesTable;
  listEntities: ListEntitiesTable;
}
