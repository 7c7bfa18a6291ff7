import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

type Risk = 'low' | 'medium' | 'high';

export interface FichasTable {
  id: Generated<string>;
  companyId: string;
  dni: string;
  dniType: Json<{ country: string; person: 'natural' | 'legal'; document: string }>;
  personType: 'natural' | 'legal';
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
  fantasyName: string | null;
  /** folded (lower case, no accents) names and dni: what the list's `search` filter matches */
  searchName: string;
  gender: string | null;
  nationality: string | null;
  countryOfResidence: string | null;
  birthDate: NullableTimestamp;
  email: string | null;
  phone: string | null;
  address: string | null;
  fiscalAddress: string | null;
  city: string | null;
  commune: string | null;
  region: string | null;
  zipCode: string | null;
  position: string | null;
  employer: string | null;
  maritalStatus: string | null;
  income: number | null;
  sales: number | null;
  businessType: string | null;
  businessRelationshipPurpose: string | null;
  comments: string | null;
  tags: Json<{ name: string }[]>;
  files: Json<{ name: string; url: string; active: boolean; uploadedAt?: string; size?: number; path?: string }[]>;
  calculatedRisk: Risk | null;
  effectiveRisk: Risk | null;
  overwrittenRisk: Risk | null;
  overwrittenRiskReason: string | null;
  risk: Risk | null;
  riskScore: number | null;
  riskReasons: Json<unknown[]>;
  /** the derived PEP status (fichas.pep.ts, decision 170): what every source together says, recomputed */
  pepStatus: 'direct' | 'consanguineous' | null;
  pepLevel: number | null;
  pepExpiration: NullableTimestamp;
  /** the derived status in full (PepDerived of packages/shared pep-status.ts); null: not computed yet */
  pepDetail: ColumnType<unknown, string | null, string | null> | null;
  /** what the ficha itself declares (the API's pepStatus, pepLevel, pepExpiration on create and edit): one source */
  pepDeclaredStatus: 'direct' | 'consanguineous' | null;
  pepDeclaredLevel: number | null;
  pepDeclaredExpiration: NullableTimestamp;
  status: Generated<'active' | 'inactive'>;
  identificadorFicha: string | null;
  personId: string | null;
  lastDofDate: NullableTimestamp;
  listas: Json<unknown> | null;
  listasTotal: Generated<number>;
  corporateStructure: Json<unknown> | null;
  /** the last periodic review (ficha-reviews module), when never reviewed null */
  lastReviewedAt: NullableTimestamp;
  lastReviewOutcome: string | null;
  /** midnight UTC of the next review day (fichas.reviews.ts); null without a risk or after "relationship ended" */
  nextReviewAt: NullableTimestamp;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  createdBy: string | null;
  updatedBy: string | null;
  deletedBy: string | null;
  deletedDate: NullableTimestamp;
}

export interface FichaRelationshipsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  relatedFichaId: string;
  relationType: string;
  participation: number | null;
  amount: number | null;
  extractDate: NullableTimestamp;
  status: Generated<'active' | 'inactive'>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  createdBy: string | null;
  updatedBy: string | null;
  deletedBy: string | null;
  deletedDate: NullableTimestamp;
}

export interface TagsTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  active: Generated<boolean>;
  appliesTo: Generated<'fichas' | 'operations'>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface FichaMatchDismissalsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  listId: string;
  entityId: string;
  entryHash: string;
  reason: string;
  dismissedBy: string | null;
  createdAt: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<string>;
  companyId: string;
  title: string;
  description: Generated<string>;
  fichaId: string | null;
  consultationCode: string | null;
  read: Generated<boolean>;
  kind: Generated<string>;
  data: Json<unknown> | null;
  /** a list match's key, unique per company (monitoring.service `raiseMatchAlerts`); null for other kinds */
  matchKey: string | null;
  createdAt: Generated<Date>;
}

export interface RiskConfigurationsTable {
  companyId: string;
  config: Json<unknown>;
  updatedAt: Generated<Date>;
  updatedBy: string | null;
}

export interface PositionsTable {
  id: Generated<string>;
  companyId: string | null;
  name: string;
  risk: Risk | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
}

export interface MonitoringRunsTable {
  id: Generated<string>;
  companyId: string;
  kind: string;
  period: string;
  startedAt: Generated<Date>;
  finishedAt: NullableTimestamp;
  stats: Json<unknown> | null;
  /** a manual run ("run now"): who asked */
  requestedBy: string | null;
  fichasScreened: number | null;
  lists: number | null;
  newMatches: number | null;
  fichasUpdated: number | null;
  notifications: number | null;
  durationMs: number | null;
}

/** Every table of the fichas family of modules (fichas, relationships, tags, risk, monitoring, reference). */
export interface FichasTables {
  fichas: FichasTable;
  fichaRelationships: FichaRelationshipsTable;
  tags: TagsTable;
  fichaMatchDismissals: FichaMatchDismissalsTable;
  notifications: NotificationsTable;
  riskConfigurations: RiskConfigurationsTable;
  positions: PositionsTable;
  monitoringRuns: MonitoringRunsTable;
}

export type FichaRow = Selectable<FichasTable>;
export type RelationshipRow = Selectable<FichaRelationshipsTable>;
