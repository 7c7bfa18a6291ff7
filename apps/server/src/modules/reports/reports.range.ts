import { errorsOf } from '../../lib/errors';

/** Longest period a dashboard or report covers (the "from the beginning" preset starts 10 years back). */
const MAX_RANGE_YEARS = 10;
const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const reportError = errorsOf<'REPORT_DATE_INVALID' | 'REPORT_RANGE_INVALID' | 'REPORT_RANGE_TOO_LONG'>(
  'reports',
  { years: MAX_RANGE_YEARS },
);

function day(value: string, field: string): Date {
  const d = new Date(`${value.slice(0, 10)}T00:00:00.000Z`);
  if (
    !ISO_DAY.test(value.slice(0, 10)) ||
    Number.isNaN(d.getTime()) ||
    d.toISOString().slice(0, 10) !== value.slice(0, 10)
  )
    throw reportError('REPORT_DATE_INVALID', { field });
  return d;
}

export interface Period {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day (inclusive), YYYY-MM-DD */
  to: string;
  /** the instants the queries use: from inclusive, to exclusive */
  range: { from: string; to: string };
}

/** The names the errors give the period's ends: the report paths' by default. */
const PATH_FIELDS = { from: 'dateInit', to: 'dateEnd' };

/**
 * A period of whole days (UTC) from query or path values; the last 30 days by default. Dates out of order or a
 * period longer than MAX_RANGE_YEARS answer 400 naming the field (`fields`: the names of the two ends).
 */
export function periodOf(
  from: string | undefined,
  to: string | undefined,
  now = new Date(),
  fields = PATH_FIELDS,
): Period {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = to ? day(to, fields.to) : today;
  const start = from ? day(from, fields.from) : new Date(end.getTime() - 29 * DAY);
  if (start > end) throw reportError('REPORT_RANGE_INVALID', { field: fields.from });
  const limit = new Date(end);
  limit.setUTCFullYear(limit.getUTCFullYear() - MAX_RANGE_YEARS);
  if (start < limit) throw reportError('REPORT_RANGE_TOO_LONG', { field: fields.from });
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(start),
    to: iso(end),
    range: { from: start.toISOString(), to: new Date(end.getTime() + DAY).toISOString() },
  };
}
