import * as oidc from 'openid-client';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { OutboundPolicy } from '../../lib/outbound-addresses';
import { outboundFetch } from '../../lib/outbound-http';

/*
 * The conversation with a company's OpenID Connect provider (openid-client): discovery, the authorization URL with
 * PKCE, state and nonce, and the code exchange with its checks (issuer, audience, signature, nonce, state, iss).
 */

export interface OidcClientSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** the operator's allowed private destinations (config.outbound): an http issuer only there */
  outbound: OutboundPolicy;
  timeoutMs: number;
}

/** The largest answer of a provider read (discovery, keys, tokens, user info). */
const MAX_ANSWER_BYTES = 1024 * 1024;

const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { at: number; config: oidc.Configuration }>();

/** Why a provider could not be used: an issuer that announces another one, or no answer at all. */
function providerError(err: unknown): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  const which = code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' ? 'SSO_ISSUER_MISMATCH' : 'SSO_PROVIDER_UNREACHABLE';
  return new AppError(which, { field: 'issuerUrl', messageKey: `companyConfig:errors.${which}` });
}

/**
 * The provider's configuration from its discovery document, kept 10 minutes per issuer, client and secret. A
 * discovery document whose issuer is not the configured one is refused (SSO_ISSUER_MISMATCH).
 */
export async function providerConfiguration(s: OidcClientSettings, fresh = false): Promise<oidc.Configuration> {
  const key = `${s.issuerUrl}|${s.clientId}|${sha256(s.clientSecret)}`;
  const hit = cache.get(key);
  if (!fresh && hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const seconds = Math.max(1, Math.ceil(s.timeoutMs / 1000));
  // every call to the provider (discovery, keys, token, user info) goes through the checked client: https to a
  // public address, http only to a destination the operator allows (openid-client then needs allowInsecureRequests)
  const checkedFetch = outboundFetch(s.outbound, {
    timeoutMs: s.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    schemes: ['https:'],
    httpWhenAllowed: true,
  }) as oidc.CustomFetch;
  const insecure = new URL(s.issuerUrl).protocol === 'http:';
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(new URL(s.issuerUrl), s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: seconds,
      [oidc.customFetch]: checkedFetch,
    });
  } catch (err) {
    throw providerError(err);
  }
  config.timeout = seconds;
  config[oidc.customFetch] = checkedFetch;
  if (cache.size > 200) cache.clear();
  cache.set(key, { at: Date.now(), config });
  return config;
}

/** What a sign-in needs to keep until the browser comes back: never sent to the browser but inside the URL. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for the code flow with PKCE (S256), a fresh state and nonce. */
export async function authorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
  loginHint: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** Who the provider says signed in. */
export interface SignedInIdentity {
  subject: string;
  issuer: string;
  email: string | null;
  /** false only when the provider says the address is not verified */
  emailVerified: boolean;
}

/**
 * Exchanges the authorization code (with the PKCE verifier) and checks the answer: the `iss` of the authorization
 * response (RFC 9207, when the provider sends it), the ID token's issuer, audience, signature, expiry and nonce. The
 * e-mail is the ID token's, else the user info's, else a `preferred_username` that is an address (Entra ID).
 */
export async function exchangeCode(
  config: oidc.Configuration,
  p: { redirectUri: string; code: string; state: string; iss?: string; codeVerifier: string; nonce: string },
): Promise<SignedInIdentity> {
  const callback = new URL(p.redirectUri);
  callback.searchParams.set('code', p.code);
  callback.searchParams.set('state', p.state);
  if (p.iss) callback.searchParams.set('iss', p.iss);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: p.codeVerifier,
    expectedState: p.state,
    expectedNonce: p.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let verified = claims.email_verified;
  if (!email && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : null;
    verified = info.email_verified;
  }
  const preferred = claims.preferred_username;
  if (!email && typeof preferred === 'string' && preferred.includes('@')) email = preferred;
  return {
    subject: claims.sub,
    issuer: claims.iss,
    email: email ? email.trim().toLowerCase() : null,
    emailVerified: verified !== false,
  };
}
