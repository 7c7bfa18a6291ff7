import type { Locale } from '@regcheck/shared';
import { formatAmount, formatDate } from '@regcheck/shared/format/index';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { getCompanyLogo } from '../companies';
import { beneficialOwnersOf, ownerSettingsOf } from '../fichas';
import { reportPdf } from './reports.pdf';
import { periodOf } from './reports.range';
import * as repo from './reports.repo';
import {
  figuresTable,
  generatedLine,
  type Issuer,
  lineWithResponsible,
  periodLine,
  periodRows,
  REPORT_ROW_LIMIT,
  type ReportTables,
  riskLabel,
  tr,
  workbookHead,
} from './reports.tables';
import { reportWorkbook } from './reports.xlsx';

export { trends } from './reports.analytics';
export { dashboard } from './reports.dashboard';
export { periodOf } from './reports.range';
export { roeUafReport } from './reports.roe';
export type { ReportTables } from './reports.tables';
export { generatedLine, issuerOf, tr } from './reports.tables';

export type ReportFormat = 'json' | 'xlsx' | 'pdf' | 'txt';

export interface ReportFile {
  body: Buffer;
  type: string;
  filename: string;
}

/** A path's company id must be the caller's: another company's (or an unknown) id answers 404. */
export function ownCompany(caller: TenantCaller, id: string) {
  if (id !== caller.companyId) throw new AppError('COMPANY_NOT_FOUND', { field: 'id' });
}

/**
 * The report in the asked format: its tables as JSON, or an .xlsx or PDF file that names the company, the period,
 * who generated it and when (the issuer), with its cells typed (xlsx) and its sheets named by design.
 */
export async function render(
  report: ReportTables,
  format: ReportFormat,
  locale: Locale,
  name: string,
  issuer: Issuer,
  logo: Uint8Array | null = null,
) {
  const t = tr(locale);
  if (format === 'xlsx')
    return {
      body: await reportWorkbook(
        workbookHead(locale, report.title, report.period, issuer),
        report.tables.map((table) => ({
          sheet: t(`sheets.${table.key}`),
          columns: table.columns,
          rows: table.rows,
          kinds: table.kinds,
          empty: table.empty,
        })),
      ),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${name}.xlsx`,
    } satisfies ReportFile;
  if (format === 'pdf')
    return {
      body: await reportPdf({
        title: report.title,
        subtitle: issuer.company || undefined,
        period: report.period,
        issued: generatedLine(t, issuer),
        tables: report.tables.map((t) => ({ heading: t.heading, columns: t.columns, rows: t.rows, empty: t.empty })),
        pageLabel: (n, total) => tr(locale)('file.page', { n, total }),
        footer: issuer.company || undefined,
        logo,
      }),
      type: 'application/pdf',
      filename: `${name}.pdf`,
    } satisfies ReportFile;
  return report;
}

/** The company's logo for a PDF report (none for the other formats, or when the company has no logo). */
export async function logoFor(deps: AppDeps, caller: TenantCaller, format: ReportFormat): Promise<Uint8Array | null> {
  if (format !== 'pdf') return null;
  try {
    return (await getCompanyLogo(deps, caller, caller.companyId)).bytes;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

/** informes/resumen: the period's operations and fichas in figures. */
export async function summaryReport(deps: AppDeps, caller: TenantCaller, locale: Locale, from: string, to: string) {
  const p = periodOf(from, to);
  const t = tr(locale);
  const s = await withTenant(deps.db, caller.companyId, async (trx) => {
    await repo.withoutJit(trx);
    return repo.summary(trx, caller.companyId, p.range);
  });
  const keys = ['operations', 'closed', 'ros', 'roe', 'natural', 'legal', 'highRisk', 'pep', 'matches'];
  return {
    title: t('summary.title'),
    period: periodLine(t, p),
    truncated: false,
    tables: [
      figuresTable(
        t,
        'summary',
        t('summary.title'),
        keys.map((k) => [t(`summary.${k}`), Number(s[k] ?? 0)]),
      ),
    ],
  } satisfies ReportTables;
}

/** informes/listas: every active ficha of the period with a list coincidence, one row per list. */
export async function listsReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  limit = REPORT_ROW_LIMIT,
) {
  const t = tr(locale);
  const { p, rows, truncated } = await periodRows(deps, caller, from, to, repo.listMatches, limit);
  return {
    title: t('lists.title'),
    period: periodLine(t, p),
    truncated,
    tables: [
      {
        key: 'lists',
        kinds: ['text', 'text', 'text', 'count', 'text', 'date'],
        heading: t('lists.title'),
        columns: [
          t('columns.name'),
          t('columns.dni'),
          t('columns.list'),
          t('columns.hits'),
          t('columns.risk'),
          t('columns.created'),
        ],
        rows: rows.map((r) => [
          r.name,
          r.dni,
          r.listName,
          String(r.hits),
          riskLabel(t, r.risk),
          formatDate(r.createdAt),
        ]),
        empty: t('lists.empty'),
      },
    ],
  } satisfies ReportTables;
}

/**
 * Final beneficiaries: every active legal ficha with its beneficial owners (the one rule of packages/shared, under
 * the company's threshold), each with the total, direct and indirect participation, and the legal fichas whose
 * owner is still unresolved.
 */
export async function finalBeneficiariesReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  limit = REPORT_ROW_LIMIT,
) {
  const t = tr(locale);
  const { companyId } = caller;
  const result = await withTenant(deps.db, companyId, async (trx) => {
    const settings = await ownerSettingsOf(trx, companyId);
    const legal = await repo.legalFichas(trx, companyId, limit + 1);
    const found = [];
    for (const f of legal.slice(0, limit))
      found.push({
        ficha: f,
        owners: await beneficialOwnersOf(trx, companyId, { id: f.id, personType: 'legal' }, settings),
      });
    const ids = [...new Set(found.flatMap((x) => x.owners.owners.flatMap((o) => [o.fichaId, ...o.paths.flat()])))];
    const names = new Map((await repo.fichaNames(trx, companyId, ids)).map((n) => [n.id, n]));
    return { settings, found, names, truncated: legal.length > limit };
  });
  const pct = (v: number) => `${formatAmount(v)} %`;
  const owners: string[][] = [];
  const unresolved: string[][] = [];
  for (const { ficha, owners: o } of result.found) {
    if (o.unresolved) unresolved.push([ficha.name, ficha.dni, riskLabel(t, ficha.risk)]);
    for (const owner of o.owners) {
      const person = result.names.get(owner.fichaId);
      const via = owner.paths
        .filter((path) => path.length > 2)
        .map((path) =>
          path
            .slice(1, -1)
            .map((id) => result.names.get(id)?.name ?? '')
            .join(' > '),
        )
        .join('; ');
      owners.push([
        ficha.name,
        ficha.dni,
        person?.name ?? '',
        person?.dni ?? '',
        pct(owner.participation),
        pct(owner.directParticipation),
        pct(Math.round((owner.participation - owner.directParticipation) * 100) / 100),
        t(`beneficiaries.basis.${owner.basis}`),
        via,
      ]);
    }
  }
  return {
    title: t('beneficiaries.title'),
    period: lineWithResponsible(
      t,
      caller,
      'finalBeneficiaries',
      t('beneficiaries.threshold', { threshold: result.settings.threshold }),
    ),
    truncated: result.truncated,
    tables: [
      {
        key: 'owners',
        heading: t('beneficiaries.owners'),
        columns: [
          t('columns.company'),
          t('columns.dni'),
          t('columns.owner'),
          t('columns.ownerDni'),
          t('columns.participation'),
          t('columns.direct'),
          t('columns.indirect'),
          t('columns.basis'),
          t('columns.through'),
        ],
        rows: owners,
        empty: t('beneficiaries.noOwners'),
      },
      {
        key: 'unresolved',
        heading: t('beneficiaries.unresolved'),
        columns: [t('columns.company'), t('columns.dni'), t('columns.risk')],
        rows: unresolved,
        empty: t('beneficiaries.noUnresolved'),
      },
    ],
  } satisfies ReportTables;
}
