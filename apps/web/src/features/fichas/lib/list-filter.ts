import type { RiskLevel } from '@regcheck/shared/format/index';
import { REVIEW_STATES, type ReviewState } from '@regcheck/shared/reviews';

/** The presets of the date range picker (spec 000 §2). */
export const DATE_PRESETS = ['today', 'yesterday', 'thisMonth', 'thisYear', 'lastMonth', 'fromBeginning'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A calendar day as 'YYYY-MM-DD' (the value type of Mantine's date pickers). */
export type DayString = string;

const day = (d: Date): DayString => d.toISOString().slice(0, 10);

/**
 * The [from, to] days of a preset in whole UTC days, the days the list shows its dates in and the home dashboard and
 * the reports count by (decision 92); 'fromBeginning' is open on both ends.
 */
export function presetRange(preset: DatePreset, now: Date = new Date()): [DayString | null, DayString | null] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = new Date(Date.UTC(y, m, now.getUTCDate()));
  switch (preset) {
    case 'today':
      return [day(today), day(today)];
    case 'yesterday': {
      const d = new Date(Date.UTC(y, m, now.getUTCDate() - 1));
      return [day(d), day(d)];
    }
    case 'thisMonth':
      return [day(new Date(Date.UTC(y, m, 1))), day(today)];
    case 'thisYear':
      return [day(new Date(Date.UTC(y, 0, 1))), day(today)];
    case 'lastMonth':
      return [day(new Date(Date.UTC(y, m - 1, 1))), day(new Date(Date.UTC(y, m, 0)))];
    case 'fromBeginning':
      return [null, null];
  }
}

/** Start of a day (UTC) as an instant (ISO): the list's dates, the dashboard's and the reports' days are UTC days. */
export function dayStart(value: DayString): string {
  return `${value}T00:00:00.000Z`;
}

/** End of a day (UTC, last millisecond) as an instant (ISO). */
export function dayEnd(value: DayString): string {
  return `${value}T23:59:59.999Z`;
}

export type PepFilter = 'direct' | 'consanguineous' | 'none';

/** The filters of the fichas list (and of the export). */
export interface FichaListFilters {
  search: string;
  personType: 'natural' | 'legal' | null;
  risk: RiskLevel | null;
  pepStatus: PepFilter | null;
  tags: string[];
  from: DayString | null;
  to: DayString | null;
  /** only fichas with a list match (the home dashboard's "customers with list matches") */
  matches: boolean;
  /** only fichas with a match in this list (the dashboard's matches by list) */
  list: string | null;
  /** where the periodic review stands today (the dashboard's reviews due this month and overdue) */
  review: ReviewState | null;
  /** the enhanced due diligence: pending (required, not approved), completed, not required (decision 173) */
  edd: EddFilter | null;
}

export const EDD_FILTERS = ['open', 'completed', 'notRequired'] as const;
export type EddFilter = (typeof EDD_FILTERS)[number];

export const EMPTY_FILTERS: FichaListFilters = {
  search: '',
  personType: null,
  risk: null,
  pepStatus: null,
  tags: [],
  from: null,
  to: null,
  matches: false,
  list: null,
  review: null,
  edd: null,
};

/** Escapes LoopBack like wildcards in a user's text. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * LoopBack `where` of the list. Text search uses the server's folded `search` column (names, social reason
 * and dni); a tag is matched by its exact name (`{ tags: 'vip' }`); list matches by `listasTotal` and a list by
 * `listas.listId` (the dashboard's counts); the date range filters created_at in UTC days.
 */
export function buildFichaWhere(filters: FichaListFilters): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  const search = filters.search.trim();
  if (search) {
    // the dni is stored without dots: search "12.345.678" as "12345678" too
    const bare = /^[\d.\-/kK\s]+$/.test(search) ? search.replace(/[.\-/\s]/g, '') : search;
    and.push({ search: { like: `%${likeLiteral(bare)}%` } });
  }
  if (filters.personType) and.push({ personType: filters.personType });
  if (filters.risk) and.push({ risk: filters.risk });
  if (filters.pepStatus === 'none') and.push({ pepStatus: null });
  else if (filters.pepStatus) and.push({ pepStatus: filters.pepStatus });
  // the server matches a tag name exactly; several selected tags must all be on the ficha
  for (const tag of filters.tags) and.push({ tags: tag });
  if (filters.matches || filters.list) and.push({ listasTotal: { gt: 0 } });
  if (filters.list) and.push({ 'listas.listId': filters.list });
  if (filters.review) and.push({ reviewState: filters.review });
  if (filters.edd) and.push({ eddState: filters.edd });
  if (filters.from) and.push({ createdAt: { gte: dayStart(filters.from) } });
  if (filters.to) and.push({ createdAt: { lte: dayEnd(filters.to) } });
  if (and.length === 0) return {};
  if (and.length === 1) return and[0] ?? {};
  return { and };
}

/** The `filter` query parameter of GET /fichas-clientes for a 1-based page. */
export function buildListFilter(filters: FichaListFilters, page: number, pageSize: number) {
  return {
    where: buildFichaWhere(filters),
    order: 'createdAt DESC',
    limit: pageSize,
    skip: Math.max(0, page - 1) * pageSize,
  };
}

const DAY_PARAM = /^\d{4}-\d{2}-\d{2}$/;

const LIST_PARAM = /^[\w.-]{1,60}$/;

/**
 * The filters a link opens the list with (the home dashboard's figures):
 * `?risk=high&from=YYYY-MM-DD&to=YYYY-MM-DD&matches=true&list=ofac&review=overdue`. Unknown or malformed values are
 * ignored.
 */
export function filtersFromQuery(params: URLSearchParams): FichaListFilters {
  const risk = params.get('risk');
  const from = params.get('from');
  const to = params.get('to');
  const list = params.get('list');
  const review = params.get('review');
  const edd = params.get('edd');
  return {
    ...EMPTY_FILTERS,
    risk: risk === 'low' || risk === 'medium' || risk === 'high' ? risk : null,
    from: from && DAY_PARAM.test(from) ? from : null,
    to: to && DAY_PARAM.test(to) ? to : null,
    matches: params.get('matches') === 'true',
    list: list && LIST_PARAM.test(list) ? list : null,
    review: (REVIEW_STATES as readonly string[]).includes(review ?? '') ? (review as ReviewState) : null,
    edd: (EDD_FILTERS as readonly string[]).includes(edd ?? '') ? (edd as EddFilter) : null,
  };
}
