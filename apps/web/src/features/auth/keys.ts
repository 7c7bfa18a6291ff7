/** Query keys of the auth feature (decision 279). */
export const authKeys = {
  /** whether an e-mail's domain signs in with SSO */
  ssoDiscover: (domain: string | null) => ['sso', 'discover', domain] as const,
};
