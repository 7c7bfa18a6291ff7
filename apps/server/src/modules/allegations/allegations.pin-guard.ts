import { hmac } from '../../lib/crypto';
import type { ExpiringCounters } from '../../lib/expiring-counters';

/** Wrong pins from one address on one report id before that address (only) is turned away, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
/** Wrong pins on one report id, from anywhere, before its calls need a harder proof of work. */
export const PIN_SLOWDOWN_AFTER = 5;
/** At most this many bits more (2^4 = 16 times the work of the base challenge). */
export const PIN_MAX_EXTRA_BITS = 4;
/**
 * The wrong pins of the whistleblowing channel (issue 22, point 5), kept in the installation's expiring counters
 * (decision 207: in memory on the embedded database, in PostgreSQL shared by every API node) and forgotten after
 * PIN_LOCK_MINUTES. Counted per report id as typed (the same for a real and an unknown id, so a lock-out tells
 * nothing about which ids exist) and per (report id, address). The address arrives as an opaque key (`clientKey`,
 * an HMAC with the installation's secret) and is never kept raw; the counters are keyed by an HMAC of the id and that
 * key as well.
 *
 * - PIN_MAX_FAILURES wrong pins from one address lock *that address* out of that id for PIN_LOCK_MINUTES.
 * - PIN_SLOWDOWN_AFTER wrong pins from anywhere make every further call on the id need a harder proof of work
 *   (one bit more per PIN_SLOWDOWN_AFTER failures, at most PIN_MAX_EXTRA_BITS): a stranger can slow the reporter
 *   down but never lock the right pin out from an address the stranger did not use.
 */
export class PinGuard {
  constructor(
    private readonly counters: ExpiringCounters,
    private readonly secret: string,
    private readonly windowMs = PIN_LOCK_MINUTES * 60_000,
  ) {}

  private reportKey(companyId: string, code: string) {
    return `pin:r:${hmac(this.secret, `${companyId}|${code.toUpperCase()}`)}`;
  }

  private addressKey(companyId: string, code: string, clientKey: string) {
    return `pin:a:${hmac(this.secret, `${companyId}|${code.toUpperCase()}|${clientKey}`)}`;
  }

  /** The proof-of-work bits a call on this id needs beyond the base difficulty (0 until PIN_SLOWDOWN_AFTER). */
  async extraBits(companyId: string, code: string) {
    const failures = (await this.counters.peek(this.reportKey(companyId, code))).count;
    if (failures < PIN_SLOWDOWN_AFTER) return 0;
    return Math.min(PIN_MAX_EXTRA_BITS, 1 + Math.floor((failures - PIN_SLOWDOWN_AFTER) / PIN_SLOWDOWN_AFTER));
  }

  /** Whether this address is turned away from this id (PIN_MAX_FAILURES recent wrong pins from it). */
  async addressLocked(companyId: string, code: string, clientKey: string) {
    return (await this.counters.peek(this.addressKey(companyId, code, clientKey))).count >= PIN_MAX_FAILURES;
  }

  /** Counts a wrong pin (or an unknown id); answers whether this address is now locked out of the id. */
  async failed(companyId: string, code: string, clientKey: string) {
    await this.counters.hit(this.reportKey(companyId, code), this.windowMs);
    return (
      (await this.counters.hit(this.addressKey(companyId, code, clientKey), this.windowMs)).count >= PIN_MAX_FAILURES
    );
  }

  /** The right pin: the id's counters start again (only its holder gets here). */
  async succeeded(companyId: string, code: string, clientKey: string) {
    await this.counters.clear(this.reportKey(companyId, code));
    await this.counters.clear(this.addressKey(companyId, code, clientKey));
  }
}

/**
 * An address as the channel keeps it: an HMAC with the installation's secret (the same on every node, so the
 * counters of one address meet), never the address itself.
 */
export function clientKeyOf(secret: string, ip: string | undefined | null) {
  return hmac(secret, `channel-client|${ip ?? '-'}`);
}
