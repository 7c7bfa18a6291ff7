import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import type { AllegationListItem } from '@regcheck/shared/schemas/allegations';
import ExcelJS from 'exceljs';
import { chileDate } from './allegations.deadlines';
import { categoryLabel, statusLabel } from './allegations.labels';

/** The list of reports as an .xlsx workbook, headers and values in the caller's language; no report content. */
export async function allegationsWorkbook(rows: AllegationListItem[], locale: Locale): Promise<Buffer> {
  const t = (k: string) => translate(locale, `allegations:${k}`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('export.sheet'));
  ws.columns = [
    { header: t('list.code'), key: 'code', width: 14 },
    { header: t('list.createdAt'), key: 'createdAt', width: 14 },
    { header: t('list.category'), key: 'category', width: 28 },
    { header: t('list.status'), key: 'status', width: 20 },
    { header: t('list.reporter'), key: 'reporter', width: 16 },
    { header: t('list.relationship'), key: 'relationship', width: 16 },
    { header: t('list.assignedTo'), key: 'assigned', width: 28 },
    { header: t('list.due'), key: 'due', width: 14 },
    { header: t('list.overdue'), key: 'overdue', width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      code: r.code,
      // the day the channel counts its deadlines in (Chile's), not UTC's: a report filed at 21:30 in Santiago is
      // received that day, as on the screen and in its deadlines
      createdAt: formatDate(chileDate(new Date(r.createdAt))),
      category: categoryLabel(locale, r.category),
      status: statusLabel(locale, r.status),
      reporter: t(r.anonymous ? 'reporter.anonymous' : 'reporter.identified'),
      relationship: t(`relationship.${r.relationship}`),
      assigned: r.assignedName ?? t('list.unassigned'),
      due: r.nextDeadline ? formatDate(r.nextDeadline.due) : '',
      overdue: r.overdue ? t('list.overdueYes') : '',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
