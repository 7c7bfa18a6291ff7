import type { CourtCase } from '@regcheck/shared/schemas/records';
import type { TFunction } from 'i18next';
import { formatDay } from '../../../app/format/format';
import type { Column } from '../../../app/ui/DataTable';

/**
 * The columns a court case shows after its number, in the person's court cases (Chile) and the processos (Brazil):
 * court, title, matter, filing date and status.
 */
export function caseColumns(t: TFunction, statusWidth: number): Column<CourtCase>[] {
  return [
    { key: 'court', header: t('records:cases.columns.court'), render: (c) => c.court },
    { key: 'title', header: t('records:cases.columns.title'), render: (c) => c.title },
    { key: 'matter', header: t('records:cases.columns.matter'), render: (c) => c.matter ?? '-' },
    {
      key: 'filedAt',
      header: t('records:cases.columns.filedAt'),
      render: (c) => formatDay(c.filedAt) || '-',
      width: 110,
    },
    { key: 'status', header: t('records:cases.columns.status'), render: (c) => c.status ?? '-', width: statusWidth },
  ];
}
