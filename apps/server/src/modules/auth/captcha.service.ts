import { createHash } from 'node:crypto';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';
import type { ExpiringCounters } from '../../lib/expiring-counters';

/**
 * The self-hosted invisible challenge ("version 3" of the spec's anti-abuse check): proof of work. The server
 * hands out a signed challenge; the browser finds a nonce such that sha256(`${challenge}:${nonce}`) has
 * `difficulty` leading zero bits; the token `${challenge}:${nonce}` is checked here and can be used once.
 * No third party sees the visitor.
 */
/** The hardest challenge ever handed out (about 2^28 hashes). */
const MAX_DIFFICULTY = 28;

/**
 * The challenges already spent are kept in the installation's expiring counters (decision 207), shared by every
 * CaptchaService (recovery, sign-in, the whistleblowing channel) and, on PostgreSQL, by every API node: a token solved
 * once opens one call anywhere, not one call per route or per node that checks it. A spent challenge is remembered
 * until it would have expired anyway, under an HMAC of it.
 */
export class CaptchaService {
  constructor(
    private readonly secret: string,
    readonly difficulty: number,
    private readonly spent: ExpiringCounters,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  /** A signed challenge of the base difficulty, or harder (sign-in after repeated failures asks for more). */
  challenge(difficulty = this.difficulty) {
    const bits = Math.max(this.difficulty, Math.min(MAX_DIFFICULTY, difficulty));
    const body = `${Date.now() + this.ttlMs}.${bits}.${randomToken(12)}`;
    return { challenge: `${body}.${hmac(this.secret, body)}`, difficulty: bits, version: 3 as const };
  }

  /**
   * Checks a token; with `consume` it can no longer be used. The challenge must have been issued with at least
   * `minDifficulty` bits (the base difficulty unless a caller asks for more).
   */
  async verify(token: string | undefined | null, consume: boolean, minDifficulty = this.difficulty): Promise<boolean> {
    if (!token || token.length > 600) return false;
    const sep = token.lastIndexOf(':');
    if (sep < 0) return false;
    const challenge = token.slice(0, sep);
    const nonce = token.slice(sep + 1);
    if (!/^\d{1,12}$/.test(nonce)) return false;
    const parts = challenge.split('.');
    if (parts.length !== 4) return false;
    const [expStr, diffStr, rand, sig] = parts as [string, string, string, string];
    const body = `${expStr}.${diffStr}.${rand}`;
    if (!safeEqual(sig, hmac(this.secret, body))) return false;
    const exp = Number(expStr);
    if (!Number.isFinite(exp) || exp < Date.now()) return false;
    const difficulty = Number(diffStr);
    if (!Number.isInteger(difficulty) || difficulty < minDifficulty) return false;
    if (!leadingZeroBitsAtLeast(createHash('sha256').update(`${challenge}:${nonce}`).digest(), difficulty))
      return false;
    const key = `pow:${hmac(this.secret, challenge)}`;
    if (!consume) return (await this.spent.peek(key)).count === 0;
    return this.spent.claim(key, exp);
  }
}

export function leadingZeroBitsAtLeast(digest: Uint8Array, bits: number): boolean {
  let remaining = bits;
  for (const byte of digest) {
    if (remaining <= 0) return true;
    if (remaining >= 8) {
      if (byte !== 0) return false;
      remaining -= 8;
    } else {
      return byte >> (8 - remaining) === 0;
    }
  }
  return remaining <= 0;
}

/** Solves a challenge (tests and scripts; the browser does the same with WebCrypto). */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    const d = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (leadingZeroBitsAtLeast(d, difficulty)) return `${challenge}:${nonce}`;
  }
}
