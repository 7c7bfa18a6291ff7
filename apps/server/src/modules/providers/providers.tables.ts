import type { Generated } from 'kysely';
import type { Json } from '../../db/schema';

export interface ProviderConfigsTable {
  companyId: string;
  provider: string;
  baseUrl: string;
  /** AES-256-GCM of the credentials (providers.crypto.ts); never sent back to a client */
  credentialsEnc: string | null;
  requestLimit: number | null;
  requestsUsed: Generated<number>;
  enabled: Generated<boolean>;
  /** the built-in sample server of the demo: every page showing its answers says "sample data" */
  sample: Generated<boolean>;
  updatedAt: Generated<Date>;
}

export interface ProviderCacheTable {
  companyId: string;
  provider: string;
  cacheKey: string;
  answer: Json<unknown>;
  found: boolean;
  sample: Generated<boolean>;
  fetchedAt: Generated<Date>;
}

export interface ProviderCallsTable {
  id: Generated<string>;
  companyId: string;
  userId: string | null;
  provider: string;
  source: string;
  fichaId: string | null;
  personDocument: string;
  result: 'found' | 'notFound' | 'cached' | 'error' | 'timeout' | 'limit' | 'notConfigured';
  httpStatus: number | null;
  durationMs: Generated<number>;
  createdAt: Generated<Date>;
}

export interface ProvidersTables {
  providerConfigs: ProviderConfigsTable;
  providerCache: ProviderCacheTable;
  providerCalls: ProviderCallsTable;
}
