import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Whether an address is one a webhook must never reach: loopback, private ranges (RFC 1918, unique-local IPv6),
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast and reserved.
 */
export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (v === 6) {
    const x = ip.toLowerCase();
    if (x === '::' || x === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped?.[1]) return isPrivateAddress(mapped[1]);
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(x);
  }
  return true;
}

/**
 * Whether a URL may be registered as a webhook: https, no credentials in it, and a host that is not a private
 * address or a local name. With `allowInsecure` (a local receiver in tests) any http(s) URL passes.
 */
export function acceptableUrl(raw: string, allowInsecure: boolean): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (allowInsecure) return u.protocol === 'https:' || u.protocol === 'http:';
  if (u.protocol !== 'https:') return false;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return false;
  if (isIP(host)) return !isPrivateAddress(host);
  return host.includes('.');
}

/** At delivery time: the host's addresses must all be public (a name may have been pointed inside since). */
export async function resolvesPublic(raw: string, allowInsecure: boolean): Promise<boolean> {
  if (allowInsecure) return true;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
}
