import { type Locale, translate } from '@regcheck/shared';

/**
 * The words of an inspector's file: the catalogue's sentences in the file's language (reports:inspection.*, and the
 * fichas, forms and screening catalogues the screens use), times in the company's time zone, amounts in the
 * language's notation. A value the catalogue does not name is written as recorded, never as a code when a name
 * exists.
 */

const ZONES: Record<string, string> = { CL: 'America/Santiago', BR: 'America/Sao_Paulo' };

export interface Words {
  locale: Locale;
  timeZone: string;
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  /** the key's text when the catalogue has it, else the fallback (the value as recorded) */
  named: (key: string, fallback: string) => string;
  /** "12/03/2026 10:14" in the company's time zone; '' for none */
  stamp: (v: Date | string | null | undefined) => string;
  /** "12/03/2026"; a plain YYYY-MM-DD is written as is, never shifted by a time zone */
  day: (v: Date | string | null | undefined) => string;
  amount: (n: number | null | undefined, currency?: string | null) => string;
  /** "reports:inspection.<key>" */
  i: (key: string, params?: Record<string, unknown>) => string;
}

export function wordsFor(locale: Locale, country: string): Words {
  const timeZone = ZONES[country] ?? 'America/Santiago';
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params ?? {});
  const exists = (key: string) => translate(locale, key) !== key;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const at = (v: Date | string | null | undefined) => {
    if (v == null || v === '') return null;
    const d = v instanceof Date ? v : new Date(v);
    if (Number.isNaN(d.getTime())) return null;
    const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
    return { date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
  };
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: 'always' } as never);
  return {
    locale,
    timeZone,
    t,
    exists,
    named: (key, fallback) => (exists(key) ? t(key) : fallback),
    stamp: (v) => {
      const a = at(v);
      return a ? `${a.date} ${a.time}` : '';
    },
    day: (v) => {
      if (typeof v === 'string') {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
        if (m) return `${m[3]}/${m[2]}/${m[1]}`;
      }
      return at(v)?.date ?? '';
    },
    amount: (n, currency) => (n == null ? '' : `${currency ? `${currency} ` : ''}${number.format(n)}`),
    i: (key, params) => t(`reports:inspection.${key}`, params),
  };
}

/**
 * A four-eyes dismissal's second step in words: pending, or "Aprobado por <who> el <when>: <comment>" (rejected
 * alike); the comment after a colon when there is one.
 */
/** A dismissal's reason in words: the catalogue's reason, then the proposer's own text after a colon. */
export function dismissalReasonLine(w: Words, code: string, text: string | null): string {
  return w.i('dismissalReason', {
    reason: [w.named(`screening:dismissal.reasons.${code}`, code), text].filter(Boolean).join(': '),
  });
}

export function decisionLine(
  w: Words,
  d: { status: string; who: string | null; at: Date | string | null; comment: string | null },
): string {
  if (d.status === 'pending') return w.i('dismissalPending');
  const line = w.i(d.status === 'approved' ? 'approvedBy' : 'rejectedBy', {
    who: d.who ?? w.i('notRecorded'),
    at: w.stamp(d.at),
  });
  return d.comment ? `${line}: ${d.comment}` : line;
}
