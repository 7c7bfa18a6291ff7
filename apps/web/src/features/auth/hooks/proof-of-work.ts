/** True when the digest starts with at least `bits` zero bits. */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
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

/**
 * The invisible anti-abuse check (version 3): the smallest nonce such that SHA-256 of `${challenge}:${nonce}`
 * has `difficulty` leading zero bits. Returns the captcha token `${challenge}:${nonce}`.
 */
export async function solveProofOfWork(challenge: string, difficulty: number, maxTries = 50_000_000): Promise<string> {
  const encoder = new TextEncoder();
  for (let nonce = 0; nonce < maxTries; nonce++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`)));
    if (hasLeadingZeroBits(digest, difficulty)) return `${challenge}:${nonce}`;
  }
  throw new Error('proof of work not found');
}
