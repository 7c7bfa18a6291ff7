import { createHash } from 'node:crypto';

export { seal, unseal } from '../../lib/sealed';

/**
 * The key that encrypts provider credentials at rest: PROVIDER_SECRET_KEY, or, when it is not set, a key derived
 * from the JWT secret with its own label (so the two secrets never share a key).
 */
export function credentialsKey(secretKey: string | null, jwtSecret: string): Buffer {
  return createHash('sha256')
    .update(secretKey ?? `regcheck.providers:${jwtSecret}`)
    .digest();
}
