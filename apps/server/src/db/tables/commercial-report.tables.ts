import type { Generated } from 'kysely';
import type { Json } from '../schema';

export interface CommercialReportsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  requestedBy: string | null;
  report: Json<unknown>;
  /** numeric: read back as a string */
  exposure: number | string;
  risk: 'low' | 'medium' | 'high';
  sample: Generated<boolean>;
  createdAt: Generated<Date>;
}

export interface CommercialReportSettingsTable {
  companyId: string;
  mediumFrom: number | string;
  highFrom: number | string;
  updatedAt: Generated<Date>;
}

export interface CommercialReportTables {
  commercialReports: CommercialReportsTable;
  commercialReportSettings: CommercialReportSettingsTable;
}
