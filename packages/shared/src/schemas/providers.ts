import { z } from 'zod';

/**
 * The super administrator's view of a company's record providers: each provider's address, whether credentials are
 * stored (never the credentials), the contracted request limit and what was used; the company's data-provider
 * account ("datacorp", decision 81) with its token's state (never the secret nor the token).
 */

export const PROVIDER_IDS = [
  'cnpj',
  'cpf',
  'courtCases',
  'commercialReport',
  'pepMexico',
  'restrictions',
  'insolvency',
  'taxFolder',
  'insurer',
] as const;
export type ProviderIdT = (typeof PROVIDER_IDS)[number];

export const ProviderConfigView = z.object({
  provider: z.string(),
  baseUrl: z.string(),
  hasCredentials: z.boolean(),
  requestLimit: z.number().nullable(),
  requestsUsed: z.number(),
  enabled: z.boolean(),
  sample: z.boolean(),
  updatedAt: z.string(),
});
export type ProviderConfigViewT = z.infer<typeof ProviderConfigView>;

export const ProviderConfigBody = z.object({
  /** http(s) address of the provider (its paths are in docs/providers.md); absent keeps the stored one */
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  /** sent as a bearer token; null removes the stored one, absent keeps it */
  credentials: z.string().min(1).max(2000).nullable().optional(),
  /** answered requests the contract allows (null: no limit) */
  requestLimit: z.number().int().min(0).max(100_000_000).nullable(),
  enabled: z.boolean().default(true),
});

export const TokenState = z.enum(['none', 'valid', 'expired']);

export const ProviderAccountView = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  hasSecret: z.boolean(),
  sample: z.boolean(),
  token: z.object({
    state: TokenState,
    expiresAt: z.string().nullable(),
    renewedAt: z.string().nullable(),
    /** the name of who renewed it last */
    renewedBy: z.string().nullable(),
  }),
});
export type ProviderAccountViewT = z.infer<typeof ProviderAccountView>;

export const ProviderAccountBody = z.object({
  /** where `POST /oauth/token` (client credentials) is answered */
  baseUrl: z.url({ protocol: /^https?$/ }).max(500),
  clientId: z.string().trim().min(1).max(200),
  /** null removes the stored secret, absent keeps it */
  clientSecret: z.string().min(1).max(2000).nullable().optional(),
});

/** GET /companies/get-datacorp-info/{id}: the account and what each provider may still be asked. */
export const DatacorpInfo = z.object({
  companyId: z.string(),
  account: ProviderAccountView,
  providers: z.array(
    z.object({
      provider: z.string(),
      enabled: z.boolean(),
      /** how the provider is called: its own credentials, the account's token, or without authentication */
      authentication: z.enum(['credentials', 'accountToken', 'none']),
      requestLimit: z.number().nullable(),
      requestsUsed: z.number(),
      /** null when there is no limit */
      remaining: z.number().nullable(),
      sample: z.boolean(),
    }),
  ),
});
export type DatacorpInfoT = z.infer<typeof DatacorpInfo>;
