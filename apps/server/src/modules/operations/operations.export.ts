import { type Locale, translate } from '@regcheck/shared';
import { formatAmount, formatDate } from '@regcheck/shared/format/index';
import type { OperationViewT } from '@regcheck/shared/schemas/operations';
import ExcelJS from 'exceljs';

const COLUMNS = [
  'codigo',
  'transactionDate',
  'transactionType',
  'referenceNumber',
  'participants',
  'divisa',
  'amount',
  'cashAmount',
  'status',
  'risk',
  'ros',
  'roe',
  'creator',
] as const;

/** The selected operations as an .xlsx workbook, with headers and values in the caller's language. */
export async function operationsWorkbook(rows: OperationViewT[], locale: Locale): Promise<Buffer> {
  const t = (k: string) => translate(locale, `operations:${k}`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('export.sheet'));
  ws.columns = COLUMNS.map((key) => ({ header: t(`columns.${key}`), key, width: key === 'participants' ? 50 : 18 }));
  ws.getRow(1).font = { bold: true };
  for (const o of rows) {
    ws.addRow({
      codigo: o.codigoFormatted,
      transactionDate: formatDate(o.transactionDate),
      transactionType: o.transactionType ?? '',
      referenceNumber: o.referenceNumber ?? '',
      participants: o.associates.map((a) => `${a.dni} ${a.name}`.trim()).join('; '),
      divisa: o.divisa,
      amount: formatAmount(o.amount),
      cashAmount: formatAmount(o.cashAmount),
      status: t(`status.${o.status}`),
      risk: t(`risk.${o.risk === '-' ? 'none' : o.risk}`),
      ros: o.ros ? t('common.yes') : t('common.no'),
      roe: o.roe ? t('common.yes') : t('common.no'),
      creator: o.creator.name ?? '',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
