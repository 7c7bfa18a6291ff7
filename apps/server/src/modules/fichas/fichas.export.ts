import type { Writable } from 'node:stream';
import { FICHAS_EXPORT_MAX_ROWS, type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import ExcelJS from 'exceljs';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { withTenant } from '../../db/tenant';
import { parseListFilter } from '../../lib/filter';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError } from './fichas.errors';
import { type ListCondition, listCondition } from './fichas.filter';
import * as repo from './fichas.repo';
import { resolveCondition } from './fichas.search.repo';
import { fullNameOf } from './fichas.validation';
import { dniDisplay, dniTypeOf } from './fichas.view';

/** The fichas export (GET /fichas-clientes/export): the filtered list, read a page at a time, as an .xlsx. */

/** The columns of the fichas export, in order; headers come from `fichas:export.columns.<key>`. */
export const EXPORT_COLUMNS = [
  'dni',
  'personType',
  'name',
  'nationality',
  'email',
  'phone',
  'risk',
  'pep',
  'matches',
  'tags',
  'createdAt',
] as const;

const WIDTHS: Partial<Record<(typeof EXPORT_COLUMNS)[number], number>> = { name: 40, email: 30, tags: 30 };

export interface ExportRowSource {
  row: FichaRow;
  dniFormatted: string;
  fullName: string;
}

/** The risk the export shows: overwritten first, then effective, then calculated. */
export function exportRisk(r: Pick<FichaRow, 'overwrittenRisk' | 'effectiveRisk' | 'calculatedRisk'>) {
  return r.overwrittenRisk ?? r.effectiveRisk ?? r.calculatedRisk ?? null;
}

const tagsOf = (v: unknown) => {
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as { name: string }[] | null;
  return (list ?? []).map((t) => t.name).join(', ');
};

/**
 * Streams the fichas export as an .xlsx into `out` with exceljs' streaming WorkbookWriter: each row is committed
 * as soon as it is written, so memory stays flat whatever the number of rows. `pages` hands over the rows a page
 * at a time (newest first); headers and values are in the caller's language.
 */
export async function streamFichasWorkbook(
  out: Writable,
  locale: Locale,
  pages: (write: (rows: ExportRowSource[]) => void) => Promise<void>,
) {
  const t = (k: string) => translate(locale, `fichas:${k}`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(t('export.sheet'));
  ws.columns = EXPORT_COLUMNS.map((key) => ({ header: t(`export.columns.${key}`), key, width: WIDTHS[key] ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  await pages((rows) => {
    for (const { row: r, dniFormatted, fullName } of rows) {
      const risk = exportRisk(r);
      ws.addRow({
        dni: dniFormatted,
        personType: t(`personType.${r.personType}`),
        name: fullName,
        nationality: r.nationality ?? '',
        email: r.email ?? '',
        phone: r.phone ?? '',
        risk: risk ? t(`risk.${risk}`) : '',
        pep: t(`pep.${r.pepStatus ?? 'none'}`),
        matches: Number(r.listasTotal ?? 0),
        tags: tagsOf(r.tags),
        createdAt: formatDate(r.createdAt),
      }).commit();
    }
  });
  ws.commit();
  await wb.commit();
}

/** The export's cap (FICHAS_EXPORT_MAX_ROWS; tests lower it). */
export const exportLimits = { maxRows: FICHAS_EXPORT_MAX_ROWS };

/** The export's condition: the list's where (order, limit and skip are ignored), at most exportLimits.maxRows rows. */
export async function prepareExport(deps: AppDeps, caller: TenantCaller, rawFilter: string | undefined) {
  const f = parseListFilter(rawFilter);
  const cond = listCondition(caller, f.where as Record<string, unknown> | undefined);
  const n = await withTenant(deps.db, caller.companyId, async (trx) =>
    repo.countUpTo(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond), exportLimits.maxRows),
  );
  if (n > exportLimits.maxRows)
    throw fichaError('FICHAS_EXPORT_TOO_MANY', {
      field: 'filter',
      params: { max: exportLimits.maxRows.toLocaleString('en') },
    });
  return { cond, count: n };
}

const EXPORT_PAGE = 1000;

/** Hands the export's rows, newest first, a page at a time (keyset), to `write`; stops at the cap. */
export async function exportRows(
  deps: AppDeps,
  caller: TenantCaller,
  cond: ListCondition,
  write: (rows: ExportRowSource[]) => void,
) {
  await withTenant(deps.db, caller.companyId, async (trx) => {
    const where = await resolveCondition(trx, caller.companyId, cond);
    let after: { at: string; id: string } | null = null;
    let written = 0;
    while (written < exportLimits.maxRows) {
      const limit = Math.min(EXPORT_PAGE, exportLimits.maxRows - written);
      const page = await repo.exportPage(trx, caller.companyId, where, after, limit);
      if (page.length === 0) break;
      write(
        page.map((row) => ({
          row,
          dniFormatted: dniDisplay(row.dni, dniTypeOf(row).document),
          fullName: fullNameOf(row),
        })),
      );
      written += page.length;
      const last = page[page.length - 1] as (typeof page)[number];
      after = { at: last.cursorAt, id: last.id };
      if (page.length < limit) break;
    }
  });
}
