/** The date-range presets of spec 000 §2 (today, yesterday, this month, this year, last month, from the beginning). */
export const PRESETS = ['last30', 'today', 'yesterday', 'thisMonth', 'thisYear', 'lastMonth', 'beginning'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The longest period the server accepts (reports.range.ts). */
const MAX_RANGE_YEARS = 10;

/** The period of a preset, in whole UTC days ending today (the server's days). */
export function presetPeriod(p: Preset, now = new Date()): Period {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = new Date(Date.UTC(y, m, now.getUTCDate()));
  const day = 86_400_000;
  switch (p) {
    case 'today':
      return { from: iso(today), to: iso(today) };
    case 'yesterday':
      return { from: iso(new Date(today.getTime() - day)), to: iso(new Date(today.getTime() - day)) };
    case 'thisMonth':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(today) };
    case 'thisYear':
      return { from: iso(new Date(Date.UTC(y, 0, 1))), to: iso(today) };
    case 'lastMonth':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'beginning':
      return { from: iso(new Date(Date.UTC(y - MAX_RANGE_YEARS, m, now.getUTCDate() + 1))), to: iso(today) };
    default:
      return { from: iso(new Date(today.getTime() - 29 * day)), to: iso(today) };
  }
}

/**
 * The last quarter that has ended (the ROE is filed quarterly, DOMAIN.md): on 15 May 2026, 1 January to 31 March
 * 2026; on 2 January 2026, the last quarter of 2025. Whole UTC days, like the presets.
 */
export function lastQuarter(now = new Date()): Period {
  const q = Math.floor(now.getUTCMonth() / 3);
  const start = new Date(Date.UTC(now.getUTCFullYear(), (q - 1) * 3, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), q * 3, 0));
  return { from: iso(start), to: iso(end) };
}

/** A period's problem as a message key, or null when it is fine. */
export function periodProblem(p: Period): string | null {
  if (!p.from || !p.to) return 'reports:period.required';
  if (p.from > p.to) return 'reports:errors.REPORT_RANGE_INVALID';
  return null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period a link opens a report with (`?from=YYYY-MM-DD&to=YYYY-MM-DD`); null when either is missing or malformed. */
export function periodFromQuery(params: URLSearchParams): Period | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return DAY.test(from) && DAY.test(to) ? { from, to } : null;
}
