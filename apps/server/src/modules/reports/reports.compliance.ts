import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import { listVersionLabel } from '@regcheck/shared/list-entries';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { screenedListsOf } from '../search';
import * as repo from './reports.compliance.repo';
import { periodOf } from './reports.range';
import { withoutJit } from './reports.repo';
import {
  figuresTable,
  lineWithResponsible,
  periodLine,
  periodRows,
  type ReportTables,
  REPORT_ROW_LIMIT as ROW_LIMIT,
  riskLabel,
  tr,
} from './reports.tables';

const ACTIVITY = [
  'searches',
  'searchMatches',
  'fichas',
  'fichaMatches',
  'highRisk',
  'operations',
  'ros',
  'roe',
  'formsSent',
  'formsSigned',
  'riskChanges',
  'conflicts',
] as const;

/**
 * The compliance officer's report to the board: the period's screenings, list matches, new customers and high risk,
 * operations with ROS and ROE, declaration forms sent and signed, risk changes and conflict-of-interest allegations
 * in figures, every risk change of the period, then the lists that screened the company with their version and
 * age (stale and empty ones said so, decision 225).
 */
export async function complianceOfficerReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  limit = ROW_LIMIT,
) {
  const p = periodOf(from, to);
  const t = tr(locale);
  const { figures, changes } = await withTenant(deps.db, caller.companyId, async (trx) => {
    await withoutJit(trx);
    return {
      figures: await repo.complianceActivity(trx, caller.companyId, p.range),
      changes: await repo.riskChanges(trx, caller.companyId, p.range, limit + 1),
    };
  });
  const lists = await screenedListsOf(deps, caller.companyId);
  // a list's name and version in the reader's language (screening:catalog), its state in words
  const ts = (k: string, params?: Record<string, unknown>) => translate(locale, k, params);
  const nameOf = (id: string, name: string) => {
    const shown = ts(`screening:catalog.${id}`);
    return shown === `screening:catalog.${id}` ? name : shown;
  };
  return {
    title: t('compliance.title'),
    period: periodLine(t, p),
    truncated: changes.length > limit,
    tables: [
      figuresTable(
        t,
        'activity',
        t('compliance.activity'),
        ACTIVITY.map((k) => [t(`compliance.${k}`), Number(figures[k] ?? 0)]),
      ),
      {
        key: 'riskChanges',
        kinds: ['date', 'text', 'text', 'text', 'text', 'text'],
        heading: t('compliance.riskChangesTable'),
        columns: [
          t('compliance.changedAt'),
          t('columns.name'),
          t('columns.dni'),
          t('compliance.before'),
          t('compliance.after'),
          t('compliance.cause'),
        ],
        rows: changes
          .slice(0, limit)
          .map((c) => [
            formatDate(c.createdAt),
            c.name ?? '',
            c.dni ?? '',
            riskLabel(t, c.before),
            riskLabel(t, c.after),
            c.cause ? t(`compliance.causes.${c.cause}`) : '',
          ]),
        empty: t('compliance.noRiskChanges'),
      },
      {
        key: 'lists',
        kinds: ['text', 'text', 'date', 'count', 'text'],
        heading: t('compliance.listsTable'),
        columns: [
          t('compliance.list'),
          t('compliance.version'),
          t('compliance.versionDate'),
          t('compliance.ageDays'),
          t('compliance.listState'),
        ],
        rows: lists.map((l) => [
          nameOf(l.id, l.name),
          l.label ? listVersionLabel(ts, l.label, { name: l.name, shownName: nameOf(l.id, l.name) }) : '—',
          l.versionDate ? formatDate(l.versionDate) : '—',
          l.ageDays === null ? '—' : String(l.ageDays),
          ts(`screening:freshness.states.${l.state}`),
        ]),
        empty: t('compliance.noLists'),
      },
    ],
  } satisfies ReportTables;
}

/**
 * Conflict of interest: the allegations filed under that category in the period, in figures (received, open,
 * closed). The report's readers (mainPanel: the company administrators and monitoring users) are not the
 * whistleblowing channel's roles, so no report id, date, state or reporter of any one report reaches them (issue 22,
 * docs/decisions.md); the reports themselves are handled in the channel.
 */
export async function conflictOfInterestReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  _limit = ROW_LIMIT,
) {
  const t = tr(locale);
  const p = periodOf(from, to);
  const figures = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.conflictAllegationFigures(trx, caller.companyId, p.range),
  );
  return {
    title: t('conflict.title'),
    period: lineWithResponsible(t, caller, 'conflictOfInterest', periodLine(t, p)),
    truncated: false,
    tables: [
      figuresTable(t, 'figures', t('conflict.figures'), [
        [t('conflict.received'), Number(figures.received)],
        [t('conflict.open'), Number(figures.open)],
        [t('conflict.closed'), Number(figures.closed)],
      ]),
    ],
  } satisfies ReportTables;
}

/**
 * informes/validadorcpfcnpj: the period's CPF/CNPJ registry lookups in figures (lookups, answered, high risk) and
 * one row per lookup with the person, its outcome, the registry's status and the validator's risk.
 */
export async function cpfCnpjValidatorReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  limit = ROW_LIMIT,
) {
  const t = tr(locale);
  const { p, rows: shown, truncated } = await periodRows(deps, caller, from, to, repo.validatorLookups, limit);
  const answered = shown.filter((r) => ['found', 'notFound', 'cached'].includes(r.result)).length;
  return {
    title: t('validator.title'),
    period: periodLine(t, p),
    truncated,
    tables: [
      figuresTable(t, 'figures', t('conflict.figures'), [
        [t('validator.lookups'), shown.length],
        [t('validator.answered'), answered],
        [t('validator.highRisk'), shown.filter((r) => r.risk === 'high').length],
      ]),
      {
        key: 'lookups',
        kinds: ['date', 'text', 'text', 'text', 'text', 'text'],
        heading: t('validator.rows'),
        columns: [
          t('validator.date'),
          t('columns.name'),
          t('columns.dni'),
          t('validator.result'),
          t('validator.situation'),
          t('columns.risk'),
        ],
        rows: shown.map((r) => [
          formatDate(r.createdAt),
          r.name ?? '',
          r.document,
          t(`validator.results.${r.result}`),
          r.situation ?? '',
          r.risk ? t(`risk.${r.risk}`) : '',
        ]),
        empty: t('validator.none'),
      },
    ],
  } satisfies ReportTables;
}
