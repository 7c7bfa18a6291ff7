import type { Locale } from '@regcheck/shared';
import { formatAmount, formatDate } from '@regcheck/shared/format/index';
import type { RoeLayoutT } from '@regcheck/shared/schemas/roe-layout';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { type RoePending, type RoePeriod, roePeriod } from '../operations';
import { type Period, periodOf } from './reports.range';
import { type RoeDiff, type RoeSnapshotOperation, roeDiff, roeDiffEmpty } from './reports.roe-diff';
import * as filings from './reports.roe-filings.repo';
import { roeLayoutIn } from './reports.roe-layout';
import { companyRut, roeUafFile } from './reports.roe-uaf';
import { periodLine, REPORT_ROW_LIMIT, type ReportTables, tr } from './reports.tables';

/**
 * The ROE-UAF report of a period (issue 23): the reportable cash operations, one row per participant, a deleted one
 * still there with its mark (decision 125); the cash pending a dollar rate, named, which keeps the period from being
 * negative and from being filed or downloaded as the UAF file (decision 128); and, once the period was filed, what
 * differs from the last filing (decision 127). The txt layout is reports.roe-uaf.ts, the filings
 * reports.roe-filings.ts.
 */

type Tr = ReturnType<typeof tr>;

/**
 * "Deleted on 12/03/2026 by Ana Pérez", "Deleted (date not recorded) by Ana Pérez" when the deletion's date was
 * not recorded (never a guessed date), or '' for an operation that was not deleted.
 */
export function deletedMark(t: Tr, o: { deleted?: boolean; deletedAt: string | null; deletedByName?: string | null }) {
  if (!o.deleted && !o.deletedAt) return '';
  const name = o.deletedByName;
  if (!o.deletedAt) return name ? t('roe.deletedByUndated', { name }) : t('roe.deletedUndated');
  const date = formatDate(o.deletedAt);
  return name ? t('roe.deletedBy', { date, name }) : t('roe.deleted', { date });
}

/** "Pending: no dollar rate for 10/06/2019". */
export const pendingWords = (t: Tr, p: RoePending) => t('roe.pendingRate', { date: formatDate(p.rateDate) });

/** 409 ROE_RATES_PENDING naming the operations and days without a rate (filing, the UAF file). */
export function pendingError(pending: RoePending[]) {
  const named = pending
    .slice(0, 10)
    .map((p) => `${p.codigoFormatted} (${formatDate(p.rateDate)})`)
    .join(', ');
  const days = [...new Set(pending.map((p) => formatDate(p.rateDate)))].join(', ');
  return new AppError('ROE_RATES_PENDING', {
    params: { count: pending.length, operations: pending.length > 10 ? `${named}…` : named, days },
    messageKey: 'reports:errors.ROE_RATES_PENDING',
  });
}

/** The ROE of a period with everything a filing and a comparison need (every operation), in one transaction. */
export async function roeData(deps: AppDeps, caller: TenantCaller, p: Period): Promise<RoePeriod> {
  return withTenant(deps.db, caller.companyId, (trx) => roePeriod(trx, caller, p));
}

/** The UAF file of a period's ROE (refused while cash is pending a rate, and without the company's RUT). */
export function roeFile(caller: TenantCaller, p: Period, data: RoePeriod, layout: RoeLayoutT) {
  if (data.pending.length) throw pendingError(data.pending);
  if (!companyRut(caller.auth.company))
    throw new AppError('ROE_COMPANY_TAX_ID_MISSING', { messageKey: 'reports:errors.ROE_COMPANY_TAX_ID_MISSING' });
  return roeUafFile(caller.auth.company, p, data.thresholdUsd, data.operations, layout);
}

const cashWords = (t: Tr, o: RoeSnapshotOperation) =>
  t('roe.cashLine', {
    currency: o.divisa,
    cash: formatAmount(o.cashAmount),
    usd: o.cashAmountUsd === null ? '—' : formatAmount(o.cashAmountUsd, { decimals: 2 }),
  });

/** A changed value in words: an amount formatted, a date as a date, a deletion as its mark. */
function valueWords(t: Tr, field: string, v: string | number | null, o: RoeSnapshotOperation) {
  // a deletion is its date, or '' when its date was not recorded (roe-diff.ts)
  if (field === 'deleted')
    return v === null
      ? t('roe.inForce')
      : deletedMark(t, { deleted: true, deletedAt: v ? String(v) : null, deletedByName: o.deletedByName });
  if (v === null) return '—';
  if (typeof v === 'number') return formatAmount(v, field === 'cashAmountUsd' ? { decimals: 2 } : {});
  if (field === 'transactionDate') return formatDate(v);
  return v;
}

/** The differences as report rows: change, operation, date, as filed, now. */
export function diffRows(t: Tr, d: RoeDiff): string[][] {
  const rows: string[][] = [];
  const date = (o: RoeSnapshotOperation) => formatDate(o.transactionDate);
  for (const o of d.added) rows.push([t('roe.change.added'), o.codigoFormatted, date(o), '—', cashWords(t, o)]);
  for (const o of d.removed) rows.push([t('roe.change.removed'), o.codigoFormatted, date(o), cashWords(t, o), '—']);
  for (const { operation: o, changes } of d.changed)
    for (const c of changes)
      rows.push([
        t(`roe.change.${c.field}`),
        o.codigoFormatted,
        date(o),
        valueWords(t, c.field, c.filed, o),
        valueWords(t, c.field, c.current, o),
      ]);
  if (d.threshold)
    rows.push([
      t('roe.change.threshold'),
      '',
      '',
      `USD ${formatAmount(d.threshold.filed)}`,
      `USD ${formatAmount(d.threshold.current)}`,
    ]);
  return rows;
}

/**
 * GET /informes/roe-uaf: the report (json, xlsx, pdf, csv) and the UAF file (txt). `limit` bounds the rows on
 * screen only: the file and the comparison with the filing hold every operation.
 */
export async function roeUafReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  limit = REPORT_ROW_LIMIT,
) {
  const p = periodOf(from, to);
  const t = tr(locale);
  // the period and its last filing, read together
  const { data, latest, layout } = await withTenant(deps.db, caller.companyId, async (trx) => ({
    data: await roePeriod(trx, caller, p),
    latest: await filings.latestFiling(trx, caller.companyId, p.from, p.to),
    layout: await roeLayoutIn(trx, caller.log),
  }));
  const ops = data.operations;
  const rows: string[][] = [];
  for (const o of ops.slice(0, limit))
    for (const a of o.participants.length ? o.participants : [{ dni: '', name: '', efective: o.cashAmount }])
      rows.push([
        o.codigoFormatted,
        formatDate(o.transactionDate),
        a.name,
        a.dni,
        o.divisa,
        formatAmount(a.efective),
        formatAmount(o.cashAmount),
        o.cashAmountUsd === null ? '' : formatAmount(o.cashAmountUsd, { decimals: 2 }),
        deletedMark(t, o),
      ]);
  const negative = ops.length === 0 && data.pending.length === 0;
  const filedLine = latest
    ? t('roe.filedOn', { date: formatDate(latest.filedAt), name: latest.filedByName })
    : t('roe.notFiled');
  const tables: ReportTables['tables'] = [
    {
      key: 'operations',
      kinds: ['text', 'date', 'text', 'text', 'text', 'amount', 'amount', 'amountUsd', 'text'],
      heading: negative ? t('roe.negative') : t('roe.operations'),
      columns: [
        t('columns.codigo'),
        t('columns.date'),
        t('columns.participant'),
        t('columns.dni'),
        t('columns.currency'),
        t('columns.participantCash'),
        t('columns.cash'),
        t('columns.cashUsd'),
        t('columns.observation'),
      ],
      rows,
      empty: negative ? t('roe.negativeText') : t('roe.noneYetPending'),
    },
  ];
  if (data.pending.length)
    tables.push({
      key: 'pending',
      kinds: ['text', 'date', 'text', 'amount', 'text', 'text'],
      heading: t('roe.pendingHeading', { count: data.pending.length }),
      columns: [
        t('columns.codigo'),
        t('columns.date'),
        t('columns.currency'),
        t('columns.cash'),
        t('columns.status'),
        t('columns.observation'),
      ],
      rows: data.pending.map((o) => [
        o.codigoFormatted,
        formatDate(o.transactionDate),
        o.divisa,
        formatAmount(o.cashAmount),
        pendingWords(t, o),
        deletedMark(t, { deleted: o.deleted, deletedAt: o.deletedAt }),
      ]),
      empty: '',
    });
  const diff = latest
    ? roeDiff(
        { operations: latest.operations, thresholdUsd: Number(latest.thresholdUsd) },
        { operations: ops, thresholdUsd: data.thresholdUsd },
      )
    : null;
  if (latest && diff)
    tables.push({
      key: 'differences',
      kinds: ['text', 'text', 'date', 'text', 'text'],
      heading: t('roe.differencesHeading', { date: formatDate(latest.filedAt), name: latest.filedByName }),
      columns: [t('columns.change'), t('columns.codigo'), t('columns.date'), t('columns.filed'), t('columns.current')],
      rows: diffRows(t, diff),
      empty: t('roe.noDifferences'),
    });
  return {
    report: {
      title: t('roe.title'),
      period: [
        periodLine(t, p),
        t('roe.threshold', { threshold: formatAmount(data.thresholdUsd, { decimals: 0 }) }),
        filedLine,
      ].join(' · '),
      truncated: ops.length > limit,
      tables,
      ...(diff ? { differs: !roeDiffEmpty(diff) } : {}),
      ...(companyRut(caller.auth.company) ? {} : { companyTaxIdMissing: true }),
    } satisfies ReportTables,
    file: () => roeFile(caller, p, data, layout),
  };
}

const csvCell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The report as CSV (semicolon-separated UTF-8 with its mark, as a spreadsheet in Spanish opens it): the title and
 * period lines, then each table with its heading, columns and rows (its empty sentence when it has none).
 */
export function reportCsv(report: ReportTables, name: string) {
  const lines: string[][] = [[report.title], [report.period]];
  for (const table of report.tables) {
    lines.push([], [table.heading], table.columns);
    if (table.rows.length === 0) lines.push([table.empty]);
    else lines.push(...table.rows);
  }
  const text = lines.map((l) => l.map(csvCell).join(';')).join('\r\n');
  return {
    body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'),
    type: 'text/csv; charset=utf-8',
    filename: `${name}.csv`,
  };
}
