import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from '../schema';

/** A company's OpenID Connect provider; `clientSecret` is sealed (AES-256-GCM), never stored or shown in clear. */
export interface SsoProvidersTable {
  companyId: string;
  providerName: Generated<string>;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  enabled: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedBy: string | null;
  updatedAt: Generated<Date>;
}

/** An e-mail domain signed in by one company's provider (lower case; unique on the whole platform). */
export interface SsoDomainsTable {
  domain: string;
  companyId: string;
}

/** A sign-in under way: the state (hashed), the browser binding (hashed), the nonce and the sealed PKCE verifier. */
export interface SsoLoginStatesTable {
  id: Generated<string>;
  companyId: string;
  stateHash: string;
  bindingHash: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: Generated<Date>;
  expiresAt: Date;
  usedAt: NullableTimestamp;
}

export type SsoProviderRow = Selectable<SsoProvidersTable>;
export type SsoLoginStateRow = Selectable<SsoLoginStatesTable>;

export interface SsoTables {
  ssoProviders: SsoProvidersTable;
  ssoDomains: SsoDomainsTable;
  ssoLoginStates: SsoLoginStatesTable;
}
