import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (a provider's credentials, a single sign-on client secret): AES-256-GCM under a key derived
 * from a configured secret with a label of its own, so two uses never share a key.
 */
export function sealingKey(label: string, secret: string): Buffer {
  return createHash('sha256').update(`${label}:${secret}`).digest();
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text of `seal`; throws when the key is wrong or the text was altered. */
export function unseal(key: Buffer, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('sealed secret: unknown format');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}
