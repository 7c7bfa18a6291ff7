import type { Generated } from 'kysely';
import type { Json } from '../schema';

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

/** The company's data-provider account ("datacorp", decision 81): client credentials and the token they obtain. */
export interface ProviderAccountsTable {
  companyId: string;
  /** where `POST /oauth/token` is answered */
  baseUrl: string;
  clientId: string;
  /** AES-256-GCM, like the provider credentials; never sent back to a client */
  clientSecretEnc: string | null;
  tokenEnc: string | null;
  tokenExpiresAt: Date | null;
  renewedAt: Date | null;
  renewedBy: string | null;
  sample: Generated<boolean>;
  updatedAt: Generated<Date>;
}

export interface ProvidersTables {
  providerAccounts: ProviderAccountsTable;
  providerConfigs: ProviderConfigsTable;
  providerCache: ProviderCacheTable;
  providerCalls: ProviderCallsTable;
}
