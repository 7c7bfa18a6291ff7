import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The security headers helmet does not decide per request (helmet sets the CSP and the rest, app.ts):
 * - `Cache-Control: no-store` on every /api answer: they carry tokens (sign-in, renewal), personal data and links,
 *   and no browser, proxy or shared cache may keep them;
 * - `Strict-Transport-Security` only when the answer is served over HTTPS: the request came over TLS (or through a
 *   trusted proxy that says so, TRUST_PROXY) or the public address is https. Never on plain http://localhost, where
 *   it would pin a developer's browser to HTTPS for localhost;
 * - `Permissions-Policy`: camera and microphone for the application's own pages only (documents photographed in
 *   forms), every other powerful feature off.
 */

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Features the pages may use, and where from: `self` for the camera and microphone, nobody for the rest. Only features
 * the browsers recognise: Chromium warns on every page about one it does not know ('bluetooth' did, issue 27), and
 * an unknown name protects nothing.
 */
const FEATURES: Record<string, string> = {
  camera: '(self)',
  microphone: '(self)',
  geolocation: '()',
  payment: '()',
  usb: '()',
  serial: '()',
  hid: '()',
  midi: '()',
  magnetometer: '()',
  gyroscope: '()',
  accelerometer: '()',
  'display-capture': '()',
  'screen-wake-lock': '()',
  'browsing-topics': '()',
};

export const PERMISSIONS_POLICY = Object.entries(FEATURES)
  .map(([feature, allow]) => `${feature}=${allow}`)
  .join(', ');

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Whether this answer travels over HTTPS (helmet would otherwise send HSTS on every answer, http included). */
export function servedOverHttps(req: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return req.protocol === 'https' || config.publicUrl.startsWith('https://');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  app.addHook('onSend', async (req, reply) => {
    if (isApi(req.url)) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    if (servedOverHttps(req, config)) reply.header('strict-transport-security', HSTS);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
