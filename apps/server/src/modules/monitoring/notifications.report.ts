import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import ExcelJS from 'exceljs';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { renderStored } from '../../lib/notification-text';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { periodOf } from '../reports';
import { notificationScope } from './monitoring.policy';
import * as repo from './notifications.repo';

/** Most notifications one download holds. */
const NOTIFICATIONS_REPORT_LIMIT = 50_000;

/**
 * GET /notifications/report?from&to: the notifications of the days from..to (UTC, inclusive) the caller's role
 * reads (monitoring.policy `notificationScope`) as an .xlsx file;
 * 'No notifications in the date range' (404) when there are none.
 */
export async function notificationsReport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  q: { from: string; to: string },
) {
  const { range } = periodOf(q.from, q.to, undefined, { from: 'from', to: 'to' });
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.notificationsBetween(
      trx,
      caller.companyId,
      notificationScope(caller.auth.role),
      range.from,
      range.to,
      NOTIFICATIONS_REPORT_LIMIT,
    ),
  );
  if (rows.length === 0)
    throw new AppError('NOTIFICATIONS_EMPTY_RANGE', {
      field: 'from',
      messageKey: 'reports:errors.NOTIFICATIONS_EMPTY_RANGE',
    });
  const t = (k: string) => translate(locale, `reports:notifications.${k}`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('sheet'));
  ws.columns = [
    { header: t('columns.date'), key: 'date', width: 20 },
    { header: t('columns.title'), key: 'title', width: 50 },
    { header: t('columns.consultationCode'), key: 'code', width: 18 },
    { header: t('columns.description'), key: 'description', width: 90 },
    { header: t('columns.read'), key: 'read', width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    // the title and description in the reader's language, as the screen shows them (decision 190)
    const text = renderStored(locale, { title: r.title, description: r.description, data: r.data });
    ws.addRow({
      date: `${formatDate(new Date(r.createdAt as string))} ${new Date(r.createdAt as string).toISOString().slice(11, 16)}`,
      title: text.title,
      code: String(r.consultationCode ?? ''),
      description: text.description,
      read: r.read ? t('yes') : t('no'),
    });
  }
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    filename: `notificaciones_${q.from}_${q.to}.xlsx`,
  };
}
