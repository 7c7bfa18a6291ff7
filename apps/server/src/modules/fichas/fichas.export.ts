import type { Writable } from 'node:stream';
import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import ExcelJS from 'exceljs';
import type { FichaRow } from './fichas.tables';

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
