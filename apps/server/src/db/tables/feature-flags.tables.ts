import type { Generated } from 'kysely';

export interface FeatureFlagsTable {
  name: string;
  enabled: boolean;
  environments: string[];
  /** null: every company */
  companyIds: string[] | null;
  updatedAt: Generated<Date>;
}

export interface FeatureFlagsTables {
  featureFlags: FeatureFlagsTable;
}
