import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import type { BacenReportView } from '@regcheck/shared/schemas/bacen';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { formatDateTime } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useUser } from '../../../app/session/useSession';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { bacenApi } from '../api/bacen-api';
import { bacenKeys } from '../keys';
import { WindowBadge } from './WindowBadge';

/** The company's fraud-indication records (of one person when `fichaId` is given), current or deleted. */
export function BacenReportsTable({ fichaId, detailBase }: { fichaId?: string; detailBase: string }) {
  const { t } = useTranslation('records');
  const companyId = useUser().company?.id ?? '';
  const [deleted, setDeleted] = useState(false);
  const paging = usePaging({ resetOn: deleted });
  const q = useQuery({
    queryKey: bacenKeys.list(companyId, paging.page, paging.pageSize, deleted, fichaId),
    queryFn: () => bacenApi.list(companyId, { limit: paging.limit, skip: paging.skip, deleted, fichaId }),
    placeholderData: keepPreviousData,
    enabled: !!companyId,
  });
  useErrorToast(q.error ? new Error(t('records:bacen.fetchError')) : null);
  const columns: Column<BacenReportView>[] = [
    {
      key: 'registeredAt',
      header: t('records:bacen.columns.registeredAt'),
      render: (r) => (
        <Anchor component={Link} to={`${detailBase}/${r.id}`} size="sm">
          {formatDateTime(r.registeredAt)}
        </Anchor>
      ),
      width: 150,
    },
    {
      key: 'identifiedAt',
      header: t('records:bacen.columns.identifiedAt'),
      render: (r) => formatDateTime(r.identifiedAt),
      width: 150,
    },
    {
      key: 'window',
      header: t('records:bacen.columns.window'),
      render: (r) => <WindowBadge late={r.late} />,
      width: 160,
    },
    {
      key: 'suspect',
      header: t('records:bacen.columns.suspect'),
      render: (r) =>
        r.suspectName || r.suspectDocument ? (
          <Stack gap={0}>
            <Text size="sm">{r.suspectName ?? ''}</Text>
            <Text size="xs" c="dimmed">
              {displayDni(r.suspectDocument)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('records:bacen.unknownSuspect')}
          </Text>
        ),
    },
    {
      key: 'type',
      header: t('records:bacen.columns.type'),
      render: (r) => t(`records:bacen.types.${r.operationType}`),
      width: 130,
    },
    {
      key: 'description',
      header: t('records:bacen.columns.description'),
      render: (r) => <TruncatedText value={r.description} />,
    },
    ...(deleted
      ? [
          {
            key: 'reason',
            header: t('records:bacen.columns.deletedReason'),
            render: (r: BacenReportView) => r.deletedReason ?? '',
          },
        ]
      : []),
  ];
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={deleted ? 'deleted' : 'current'}
        onChange={(v) => setDeleted(v === 'deleted')}
        data={[
          { value: 'current', label: t('records:bacen.filter.current') },
          { value: 'deleted', label: t('records:bacen.filter.deleted') },
        ]}
      />
      <DataTable
        testId="bacen-table"
        columns={columns}
        {...paging.of(q)}
        emptyText={t(deleted ? 'records:bacen.emptyDeleted' : 'records:bacen.empty')}
      />
    </Stack>
  );
}
