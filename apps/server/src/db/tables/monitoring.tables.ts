import type { Generated } from 'kysely';
import type { Json } from '../schema';

/** Settings of the whole platform, by key (the monthly monitoring day); the super administrator changes them. */
export interface PlatformSettingsTable {
  key: string;
  value: Json<unknown>;
  updatedBy: string | null;
  updatedAt: Generated<Date>;
}

export interface MonitoringTables {
  platformSettings: PlatformSettingsTable;
}
