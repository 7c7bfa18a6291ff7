import { hmac, randomToken } from '../../lib/crypto';

/** Wrong pins from one address on one report id before that address (only) is turned away, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
/** Wrong pins on one report id, from anywhere, before its calls need a harder proof of work. */
export const PIN_SLOWDOWN_AFTER = 5;
/** At most this many bits more (2^4 = 16 times the work of the base challenge). */
export const PIN_MAX_EXTRA_BITS = 4;
/** The most counters the register holds; past it the oldest are forgotten first. */
const MAX_ENTRIES = 100_000;

interface Count {
  failures: number;
  /** when the first failure of the window was counted (ms) */
  since: number;
}

/**
 * The wrong pins of the whistleblowing channel (issue 22, point 5), in memory and forgotten after PIN_LOCK_MINUTES.
 * Counted per report id as typed (the same for a real and an unknown id, so a lock-out tells nothing about which
 * ids exist) and per (report id, address). The address arrives as an opaque key (`clientKey`, an HMAC with a key of
 * this process) and is never kept raw; the counters are keyed by an HMAC of the id and that key as well.
 *
 * - PIN_MAX_FAILURES wrong pins from one address lock *that address* out of that id for PIN_LOCK_MINUTES.
 * - PIN_SLOWDOWN_AFTER wrong pins from anywhere make every further call on the id need a harder proof of work
 *   (one bit more per PIN_SLOWDOWN_AFTER failures, at most PIN_MAX_EXTRA_BITS): a stranger can slow the reporter
 *   down but never lock the right pin out from an address the stranger did not use.
 */
export class PinGuard {
  private readonly secret = randomToken(32);
  private readonly byAddress = new Map<string, Count>();
  private readonly byReport = new Map<string, Count>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly windowMs = PIN_LOCK_MINUTES * 60_000,
  ) {}

  private reportKey(companyId: string, code: string) {
    return hmac(this.secret, `${companyId}|${code.toUpperCase()}`);
  }

  private addressKey(companyId: string, code: string, clientKey: string) {
    return hmac(this.secret, `${companyId}|${code.toUpperCase()}|${clientKey}`);
  }

  private live(map: Map<string, Count>, key: string): Count | undefined {
    const c = map.get(key);
    if (c && c.since + this.windowMs <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return c;
  }

  private bump(map: Map<string, Count>, key: string) {
    const c = this.live(map, key);
    if (c) c.failures++;
    else {
      map.set(key, { failures: 1, since: this.now() });
      while (map.size > MAX_ENTRIES) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
    }
    return map.get(key)?.failures ?? 1;
  }

  /** Drops every expired counter (at most once a second): what the register remembers expires with its window. */
  sweep() {
    const now = this.now();
    if (now - this.lastSweep < 1_000) return;
    this.lastSweep = now;
    for (const map of [this.byAddress, this.byReport])
      for (const [k, c] of map) if (c.since + this.windowMs <= now) map.delete(k);
  }

  /** How many counters are held (tests: the register forgets). */
  size() {
    return this.byAddress.size + this.byReport.size;
  }

  /** Whether this address is turned away from this id (PIN_MAX_FAILURES recent wrong pins from it). */
  addressLocked(companyId: string, code: string, clientKey: string) {
    this.sweep();
    return (this.live(this.byAddress, this.addressKey(companyId, code, clientKey))?.failures ?? 0) >= PIN_MAX_FAILURES;
  }

  /** The proof-of-work bits a call on this id needs beyond the base difficulty (0 until PIN_SLOWDOWN_AFTER). */
  extraBits(companyId: string, code: string) {
    this.sweep();
    const failures = this.live(this.byReport, this.reportKey(companyId, code))?.failures ?? 0;
    if (failures < PIN_SLOWDOWN_AFTER) return 0;
    return Math.min(PIN_MAX_EXTRA_BITS, 1 + Math.floor((failures - PIN_SLOWDOWN_AFTER) / PIN_SLOWDOWN_AFTER));
  }

  /** Counts a wrong pin (or an unknown id); answers whether this address is now locked out of the id. */
  failed(companyId: string, code: string, clientKey: string) {
    this.bump(this.byReport, this.reportKey(companyId, code));
    return this.bump(this.byAddress, this.addressKey(companyId, code, clientKey)) >= PIN_MAX_FAILURES;
  }

  /** The right pin: the id's counters start again (only its holder gets here). */
  succeeded(companyId: string, code: string, clientKey: string) {
    this.byReport.delete(this.reportKey(companyId, code));
    this.byAddress.delete(this.addressKey(companyId, code, clientKey));
  }
}

/** The register of the process (one per process, like the spent challenges). */
export const pinGuard = new PinGuard();

/** An address as the channel keeps it: an HMAC with a key of this process, never the address itself. */
const CLIENT_SECRET = randomToken(32);
export function clientKeyOf(ip: string | undefined | null) {
  return hmac(CLIENT_SECRET, ip ?? '-');
}
