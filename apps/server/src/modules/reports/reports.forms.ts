import { type Locale, translate } from '@regcheck/shared';
import { formatDate, padCodigo } from '@regcheck/shared/format/index';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { formsReportRows } from '../forms';
import { periodOf } from './reports.range';
import { periodLine, REPORT_ROW_LIMIT, type ReportTables, tr } from './reports.tables';

/**
 * informes/Form{type}: the company's active forms of one type created in the period; the signed ones, or with
 * `allowFilled` the filled and the signed ones (docs/decisions.md). Who, document, operation, status and the dates of
 * each step.
 */
export async function formsReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  q: { type: FormTypeT; from: string; to: string; allowFilled: boolean },
  limit = REPORT_ROW_LIMIT,
) {
  const p = periodOf(q.from, q.to);
  const t = tr(locale);
  const rows = await formsReportRows(deps, caller, {
    type: q.type,
    range: p.range,
    allowFilled: q.allowFilled,
    limit: limit + 1,
  });
  const day = (d: Date | null) => (d ? formatDate(d) : '');
  const heading = t(q.allowFilled ? 'formsReport.withFilled' : 'formsReport.signedOnly');
  return {
    title: t('formsReport.title', { type: translate(locale, `forms:types.${q.type}`) }),
    period: periodLine(t, p),
    truncated: rows.length > limit,
    tables: [
      {
        key: 'forms',
        kinds: ['text', 'text', 'text', 'text', 'text', 'date', 'date', 'date', 'date', 'date'],
        heading,
        columns: [
          t('formsReport.name'),
          t('formsReport.dni'),
          t('formsReport.email'),
          t('formsReport.codigo'),
          t('formsReport.status'),
          t('formsReport.createdAt'),
          t('formsReport.sentAt'),
          t('formsReport.openedAt'),
          t('formsReport.filledAt'),
          t('formsReport.signedAt'),
        ],
        rows: rows
          .slice(0, limit)
          .map((r) => [
            r.name,
            r.dni,
            r.email ?? '',
            padCodigo(r.codigo),
            translate(locale, `forms:status.${r.status}`),
            day(r.createdAt),
            day(r.lastSentAt),
            day(r.openedAt),
            day(r.filledAt),
            day(r.signedAt),
          ]),
        empty: t('formsReport.empty'),
      },
    ],
  } satisfies ReportTables;
}
