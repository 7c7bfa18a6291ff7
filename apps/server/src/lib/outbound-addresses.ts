import { isIP } from 'node:net';

/*
 * Which addresses the server may call when it follows a URL someone typed (webhooks, single sign-on, list downloads,
 * provider adapters): only public unicast ones. Everything else (loopback, private, link-local, carrier-grade NAT,
 * benchmarking, documentation, multicast, reserved) is refused, in every notation that reaches one of them: the
 * WHATWG URL parser's IPv4 forms (2130706433, 0x7f000001, 127.1), and the IPv6 forms that carry an IPv4 address
 * (IPv4-mapped ::ffff:a.b.c.d and ::ffff:7f00:1, IPv4-translated, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96,
 * 6to4 2002::/16). The operator may allow some private destinations (OUTBOUND_ALLOW_PRIVATE, see docs/operating.md).
 */

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'benchmark'
  | 'documentation'
  | 'multicast'
  | 'reserved'
  | 'not-an-address';

function v4Bytes(ip: string): number[] | null {
  if (isIP(ip) !== 4) return null;
  return ip.split('.').map(Number);
}

function v4ToNumber(b: number[]): number {
  return (((b[0] ?? 0) << 24) >>> 0) + ((b[1] ?? 0) << 16) + ((b[2] ?? 0) << 8) + (b[3] ?? 0);
}

function inV4(n: number, base: string, bits: number): boolean {
  const b = v4ToNumber(base.split('.').map(Number));
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (n & mask) >>> 0 === (b & mask) >>> 0;
}

function classifyV4(b: number[]): AddressClass {
  const n = v4ToNumber(b);
  if (inV4(n, '0.0.0.0', 8)) return n === 0 ? 'unspecified' : 'reserved';
  if (inV4(n, '127.0.0.0', 8)) return 'loopback';
  if (inV4(n, '10.0.0.0', 8) || inV4(n, '172.16.0.0', 12) || inV4(n, '192.168.0.0', 16)) return 'private';
  if (inV4(n, '100.64.0.0', 10)) return 'shared';
  if (inV4(n, '169.254.0.0', 16)) return 'link-local';
  if (inV4(n, '198.18.0.0', 15)) return 'benchmark';
  if (inV4(n, '192.0.2.0', 24) || inV4(n, '198.51.100.0', 24) || inV4(n, '203.0.113.0', 24)) return 'documentation';
  if (inV4(n, '224.0.0.0', 4)) return 'multicast';
  // 240/4 holds 255.255.255.255; 192.0.0.0/24 protocol assignments; 192.88.99.0/24 the old 6to4 relay anycast
  if (inV4(n, '240.0.0.0', 4) || inV4(n, '192.0.0.0', 24) || inV4(n, '192.88.99.0', 24)) return 'reserved';
  return 'public';
}

/** The 16 bytes of an IPv6 address (any textual form node accepts, with an embedded dotted IPv4 or not). */
export function v6Bytes(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null;
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted?.[1]) {
    const v4 = v4Bytes(dotted[1]);
    if (!v4) return null;
    tail = [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)];
    s = s.slice(0, s.length - dotted[1].length);
    if (s.endsWith(':') && !s.endsWith('::')) s = s.slice(0, -1);
  }
  const words = (part: string) => (part === '' ? [] : part.split(':').map((h) => Number.parseInt(h, 16)));
  let groups: number[];
  const gap = s.indexOf('::');
  if (gap >= 0) {
    const head = words(s.slice(0, gap));
    const rest = [...words(s.slice(gap + 2)), ...tail];
    groups = [...head, ...new Array(8 - head.length - rest.length).fill(0), ...rest];
  } else groups = [...words(s), ...tail];
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g))) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

const startsWith = (b: number[], prefix: number[], bits: number) => {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((b[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};
const prefixOf = (text: string) => v6Bytes(text) ?? [];

const V6_EMBEDDING: Array<{ prefix: number[]; bits: number; at: number }> = [
  // IPv4-mapped ::ffff:0:0/96 (::ffff:127.0.0.1, ::ffff:7f00:1)
  { prefix: prefixOf('::ffff:0:0'), bits: 96, at: 12 },
  // IPv4-translated ::ffff:0:0:0/96 (RFC 2765)
  { prefix: prefixOf('::ffff:0:0:0'), bits: 96, at: 12 },
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): the IPv4 address it reaches decides
  { prefix: prefixOf('64:ff9b::'), bits: 96, at: 12 },
  // 6to4 2002::/16: bytes 2..5 are the IPv4 address of the tunnel's end
  { prefix: prefixOf('2002::'), bits: 16, at: 2 },
];

/**
 * The class of an IP address, in the canonical textual form of node's DNS answers or of the URL parser (use
 * `classifyHost` for any host text). IPv6 is public only inside global unicast 2000::/3, outside Teredo and the
 * documentation prefix, and, when it carries an IPv4 address, only when that address is public.
 */
export function classifyAddress(ip: string): AddressClass {
  const v4 = v4Bytes(ip);
  if (v4) return classifyV4(v4);
  const b = v6Bytes(ip);
  if (!b) return 'not-an-address';
  for (const e of V6_EMBEDDING)
    if (startsWith(b, e.prefix, e.bits)) return classifyV4(b.slice(e.at, e.at + 4)) as AddressClass;
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291): never a real destination; reported as its IPv4 address's class
  // when that one is not public, reserved otherwise
  if (startsWith(b, prefixOf('::'), 96)) {
    const c = classifyV4(b.slice(12, 16));
    return c === 'public' ? 'reserved' : c;
  }
  if (startsWith(b, prefixOf('fe80::'), 10) || startsWith(b, prefixOf('fec0::'), 10)) return 'link-local';
  if (startsWith(b, prefixOf('fc00::'), 7)) return 'private';
  if (startsWith(b, prefixOf('ff00::'), 8)) return 'multicast';
  // local-use NAT64 64:ff9b:1::/48 (RFC 8215): a translator of the operator's own network
  if (startsWith(b, prefixOf('64:ff9b:1::'), 48)) return 'private';
  if (startsWith(b, prefixOf('2001:db8::'), 32) || startsWith(b, prefixOf('3fff::'), 20)) return 'documentation';
  if (startsWith(b, prefixOf('2001:2::'), 48)) return 'benchmark';
  // Teredo 2001::/32 tunnels to an obfuscated IPv4 address chosen by whoever owns the name: refused
  if (startsWith(b, prefixOf('2001::'), 32)) return 'reserved';
  if (startsWith(b, prefixOf('2000::'), 3)) return 'public';
  return 'reserved';
}

/**
 * The host of a URL as the WHATWG URL parser reads it (2130706433, 0x7f000001 and 127.1 are 127.0.0.1; an IPv6
 * literal loses its brackets; a trailing dot of a name is dropped), lower case. Null when it is not a host.
 */
export function normaliseHost(raw: string): string | null {
  const text = raw.trim();
  const bracketed = text.includes(':') && !text.startsWith('[') ? `[${text}]` : text;
  try {
    const host = new URL(`http://${bracketed}/`).hostname;
    return host
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase();
  } catch {
    return null;
  }
}

/** The class of a host as written in a URL: an address in any notation, or 'not-an-address' for a name. */
export function classifyHost(raw: string): AddressClass {
  const host = normaliseHost(raw);
  return host ? classifyAddress(host) : 'not-an-address';
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for (the form an allow-list entry is compared in). */
export function unmapped(ip: string): string {
  const b = v6Bytes(ip);
  if (b && startsWith(b, prefixOf('::ffff:0:0'), 96)) return b.slice(12).join('.');
  return ip;
}

/** A name that only means something inside a network: never a public destination. */
export function isLocalName(host: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  if (!h.includes('.')) return true;
  return /\.(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(h);
}

/** An entry of the operator's allow-list: an address block (CIDR or one address) or a host name. */
interface AllowEntry {
  kind: 'block' | 'name';
  bytes?: number[];
  bits?: number;
  name?: string;
}

export interface OutboundPolicy {
  /** any destination (an installation whose every outbound call stays on a trusted network, or a test) */
  any: boolean;
  entries: AllowEntry[];
}

function blockOf(text: string): AllowEntry | null {
  const [addr = '', len] = text.split('/');
  const literal = addr.replace(/^\[|\]$/g, '');
  if (!isIP(literal)) {
    if (len !== undefined) throw new Error(`OUTBOUND_ALLOW_PRIVATE: bad entry ${text}`);
    return null;
  }
  const ip = unmapped(literal);
  const v4 = v4Bytes(ip);
  const bytes = v4 ?? v6Bytes(ip);
  if (!bytes) return null;
  const max = v4 ? 32 : 128;
  const bits = len === undefined ? max : Number(len);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) throw new Error(`OUTBOUND_ALLOW_PRIVATE: bad entry ${text}`);
  return { kind: 'block', bytes, bits };
}

/**
 * The operator's setting OUTBOUND_ALLOW_PRIVATE as a policy: `*` (any destination), or a comma-separated list of
 * addresses, CIDR blocks (10.20.0.0/16, fd00:1::/32) and host names (provider.corp.example, or *.corp.example for
 * a whole domain). Throws on a malformed block, so a typo stops the start instead of opening a door.
 */
export function outboundPolicy(entries: readonly string[]): OutboundPolicy {
  const list = entries.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (list.includes('*')) return { any: true, entries: [] };
  return {
    any: false,
    entries: list.map((e) => blockOf(e) ?? { kind: 'name', name: e.replace(/\.$/, '') }),
  };
}

/** Whether the operator allows this host name (as typed in the URL) whatever it resolves to. */
export function nameAllowed(policy: OutboundPolicy, host: string): boolean {
  if (policy.any) return true;
  const h = host.replace(/\.$/, '').toLowerCase();
  return policy.entries.some(
    (e) => e.kind === 'name' && (e.name === h || (e.name?.startsWith('*.') && h.endsWith(e.name.slice(1)))),
  );
}

/** Whether the operator allows this (non-public) address. */
export function addressAllowed(policy: OutboundPolicy, ip: string): boolean {
  if (policy.any) return true;
  const a = unmapped(ip);
  const bytes = v4Bytes(a) ?? v6Bytes(a);
  if (!bytes) return false;
  return policy.entries.some(
    (e) => e.kind === 'block' && e.bytes?.length === bytes.length && startsWith(bytes, e.bytes, e.bits ?? 0),
  );
}
