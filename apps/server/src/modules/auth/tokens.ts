import { jwtVerify, SignJWT } from 'jose';

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
