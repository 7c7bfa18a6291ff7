import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import { type Executor, withTenant } from '../../db/tenant';
import { localDate, localTime } from '../../lib/business-days';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { type ReportFlowType, reportFlowOf } from '../companies';
import { type Period, periodOf } from './reports.range';
import type { Range } from './reports.repo';

/**
 * Rows a report holds on screen and in its files; larger reports are cut and say so (`truncated`). An export
 * (reports.exports.ts) holds them all.
 */
export const REPORT_ROW_LIMIT = 5000;

/**
 * What a column holds, for the .xlsx file (decision 188): its cells are written as numbers and dates with a format,
 * not as the text the screen and the PDF show. `count` is a whole number, `amount` a sum in the currency another
 * column names, `amountUsd` a sum in US dollars, `date` a day written dd/mm/yyyy by formatDate. A cell that does not
 * read back as its kind (an empty cell, "—") stays text, so nothing is guessed. Columns without a kind are text (a
 * document, a code with leading zeros, a name).
 */
export type ColumnKind = 'text' | 'count' | 'amount' | 'amountUsd' | 'date';

/** The tables of the reports, each with its sheet's name in the catalogues (reports:sheets.*, at most 31 characters). */
export const SHEET_KEYS = [
  'summary',
  'lists',
  'owners',
  'unresolved',
  'operations',
  'pending',
  'differences',
  'forms',
  'totals',
  'fichas',
  'activity',
  'riskChanges',
  'figures',
  'lookups',
] as const;
export type SheetKey = (typeof SHEET_KEYS)[number];

export interface ReportTable {
  key: SheetKey;
  heading: string;
  columns: string[];
  rows: string[][];
  empty: string;
  /** one per column (text when omitted): how the .xlsx file types the column's cells */
  kinds?: ColumnKind[];
}

/** One report as tables: what the screen shows and what the xlsx and PDF files hold. */
export interface ReportTables {
  title: string;
  period: string;
  tables: ReportTable[];
  truncated: boolean;
  /** the ROE once its period was filed: whether it differs now from its last filing */
  differs?: boolean;
  /** the ROE: the company's RUT is not recorded (the UAF file and the filing are refused until it is) */
  companyTaxIdMissing?: boolean;
}

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** The translator of the `reports` namespace. */
export const tr =
  (locale: Locale): Tr =>
  (key, params) =>
    translate(locale, `reports:${key}`, params);

/** "From … to …" of a report's period. */
export const periodLine = (t: Tr, p: Period) => t('file.period', { from: formatDate(p.from), to: formatDate(p.to) });

/**
 * The report's line with its period and, when the company names one for this report (its report flow, decision 94),
 * the person responsible: "From … to … · Responsible: Ana Ruiz".
 */
export function lineWithResponsible(t: Tr, caller: TenantCaller, type: ReportFlowType, line: string) {
  const flow = reportFlowOf(caller.auth.company, type);
  return flow ? `${line} · ${t('flows.responsible', { name: flow.userName })}` : line;
}

/** A risk level's label; no risk reads "none". */
export const riskLabel = (t: Tr, risk: string | null) => t(`risk.${risk ?? 'none'}`);

/** The indicator / value table a report opens with. */
export function figuresTable(t: Tr, key: SheetKey, heading: string, figures: [label: string, value: number][]) {
  return {
    key,
    heading,
    columns: [t('summary.indicator'), t('summary.value')],
    rows: figures.map(([label, value]) => [label, String(value)]),
    empty: t('empty'),
    kinds: ['text', 'count'],
  } satisfies ReportTable;
}

/**
 * The period of a report and the rows one query gives for it (at most `limit`, REPORT_ROW_LIMIT on screen, more in
 * an export job; `truncated` when there were more), in the company's tenant.
 */
export async function periodRows<R>(
  deps: AppDeps,
  caller: TenantCaller,
  from: string,
  to: string,
  query: (trx: Executor, companyId: string, range: Range, limit: number) => Promise<R[]>,
  limit = REPORT_ROW_LIMIT,
) {
  const p = periodOf(from, to);
  const rows = await withTenant(deps.db, caller.companyId, (trx) => query(trx, caller.companyId, p.range, limit + 1));
  return { p, rows: rows.slice(0, limit), truncated: rows.length > limit };
}

/** Who generated a report file, for whom, and when (every PDF and workbook carries it, issue 27). */
export interface Issuer {
  company: string;
  country: 'CL' | 'BR';
  by: string;
  at: Date;
}

/** The issuer of a file generated now by the caller (a platform user, without a company, issues it under no name). */
export function issuerOf(caller: Pick<TenantCaller, 'auth'>, at = new Date()): Issuer {
  const company = caller.auth.company;
  return {
    company: company?.name ?? '',
    country: company?.country === 'BR' ? 'BR' : 'CL',
    by: caller.auth.user.name,
    at,
  };
}

/** "Generated on 30/11/2026 at 09:14 (Chile time) by Ana Ruiz", in the company's own time zone. */
export function generatedLine(t: Tr, issuer: Issuer): string {
  return t('file.generated', {
    date: formatDate(localDate(issuer.country, issuer.at)),
    time: localTime(issuer.country, issuer.at),
    zone: t(`file.zones.${issuer.country}`),
    name: issuer.by,
  });
}

/** The head of a workbook: its title, then the company, the period and who generated it when (every sheet). */
export function workbookHead(locale: Locale, title: string, period: string, issuer: Issuer) {
  return { title, lines: [issuer.company, period, generatedLine(tr(locale), issuer)] };
}
