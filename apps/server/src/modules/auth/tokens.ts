import { jwtVerify, SignJWT } from 'jose';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';

export interface AccessClaims {
  sub: string;
  sid: string;
}

const enc = new TextEncoder();

export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number) {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setIssuer('regcheck')
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(enc.encode(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, enc.encode(secret), { issuer: 'regcheck', algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    // a forged, expired, malformed or foreign token is an ordinary outcome, not a failure of ours, so nothing is
    // logged: it means "no session", which the access hook answers with 401 SESSION_EXPIRED
    return null;
  }
}

/**
 * A refresh identifier names its session and is signed: `<sessionId>.<random>.<mac>`. Only its SHA-256 is stored
 * (the current one, on the session). A well-signed identifier that is no longer the session's current one was
 * issued by us and already rotated: presenting it again is a replay, which ends the session (decision 9). An
 * identifier without a valid signature ends nothing, so nobody can end another's session by naming its id.
 */
export function newRefreshId(secret: string, sessionId: string): string {
  const random = randomToken(24);
  return `${sessionId}.${random}.${hmac(secret, `refresh:${sessionId}.${random}`)}`;
}

/** The session a refresh identifier was issued for, when its signature is ours; null otherwise. */
export function sessionOfRefreshId(secret: string, id: string): string | null {
  const parts = id.split('.');
  if (parts.length !== 3) return null;
  const [sessionId, random, mac] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(sessionId) || !random) return null;
  return safeEqual(mac, hmac(secret, `refresh:${sessionId}.${random}`)) ? sessionId : null;
}
