import type { Locale } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { informeRows, informeSummary } from '../fichas';
import { periodOf } from './reports.range';
import { figuresTable, periodLine, REPORT_ROW_LIMIT, type ReportTables, riskLabel, tr } from './reports.tables';

/** The filters of the fichas report besides its period (those of GET /informes/fichasPersonas). */
export interface FichasReportOptions {
  personType?: 'natural' | 'legal';
  risk?: 'low' | 'medium' | 'high';
}

const TOTALS = ['total', 'natural', 'legal', 'high', 'medium', 'low', 'noRisk', 'pep', 'withMatches'] as const;

/**
 * The fichas report of /home/reports: the active fichas created in the period (whole UTC days), optionally of one
 * person type and risk, as GET /informes/fichasPersonas (the totals) and /informes/fichasPersonasList (the fichas,
 * newest first, at most `limit`) answer them, on screen, as xlsx and PDF, and in an export.
 */
export async function fichasReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  options: FichasReportOptions = {},
  limit = REPORT_ROW_LIMIT,
) {
  const p = periodOf(from, to);
  const t = tr(locale);
  // informeWhere compares createdAt with gte / lte: the period's last instant is one millisecond before its end
  const q = {
    ...options,
    from: p.range.from,
    to: new Date(new Date(p.range.to).getTime() - 1).toISOString(),
  };
  const totals = await informeSummary(deps, caller, q);
  const rows = await informeRows(deps, caller, q, limit + 1);
  const filters = [
    options.personType ? t(`fichasReport.personType.${options.personType}`) : null,
    options.risk ? riskLabel(t, options.risk) : null,
  ].filter(Boolean);
  return {
    title: t('fichasReport.title'),
    period: [periodLine(t, p), ...filters].join(' · '),
    truncated: rows.length > limit,
    tables: [
      figuresTable(
        t,
        'totals',
        t('fichasReport.totals'),
        TOTALS.map((k) => [t(`fichasReport.figures.${k}`), Number(totals[k] ?? 0)]),
      ),
      {
        key: 'fichas',
        kinds: ['text', 'text', 'text', 'text', 'text', 'count', 'date'],
        heading: t('fichasReport.fichas'),
        columns: [
          t('columns.name'),
          t('columns.dni'),
          t('fichasReport.personTypeColumn'),
          t('columns.risk'),
          t('fichasReport.pepColumn'),
          t('columns.hits'),
          t('columns.created'),
        ],
        rows: rows
          .slice(0, limit)
          .map((r) => [
            r.name,
            r.dni,
            t(`fichasReport.personType.${r.personType}`),
            riskLabel(t, r.risk),
            t(`fichasReport.pep.${r.pepStatus ?? 'none'}`),
            String(r.listasTotal),
            formatDate(r.createdAt),
          ]),
        empty: t('fichasReport.empty'),
      },
    ],
  } satisfies ReportTables;
}
