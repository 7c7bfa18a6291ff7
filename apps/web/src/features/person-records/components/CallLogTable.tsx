import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { Page } from '@regcheck/shared/schemas/common';
import type { ProviderCallView } from '@regcheck/shared/schemas/records';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../app/api/client';
import { formatDateTime } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';
import { recordsKeys } from '../keys';
import { sourceTitleKey } from '../lib/call-sources';
import { shownDocument } from '../lib/document';

type Call = z.infer<typeof ProviderCallView>;

const RESULT_COLORS: Record<Call['result'], string> = {
  found: 'green',
  notFound: 'gray',
  cached: 'blue',
  error: 'red',
  timeout: 'red',
  limit: 'orange',
  notConfigured: 'gray',
};

/**
 * The read-only log of provider lookups, newest first: when, who, which provider from which page, which person,
 * with what result. `url` is the company's log (`/person-records/calls`) or a company's for the super administrator
 * (`/providers/{id}/calls`); `fichaId` narrows it to one person.
 */
export function CallLogTable({ url, fichaId, linkFichas }: { url: string; fichaId?: string; linkFichas: boolean }) {
  const { t } = useTranslation(['records', 'shell']);
  const paging = usePaging({ resetOn: [url, fichaId], pageSizes: [10, 25, 50, 100] });
  const q = useQuery({
    queryKey: recordsKeys.calls(url, fichaId ?? '', paging.limit, paging.skip),
    queryFn: () =>
      api.get<Page<Call>>(`${url}?limit=${paging.limit}&skip=${paging.skip}${fichaId ? `&fichaId=${fichaId}` : ''}`),
    placeholderData: keepPreviousData,
  });
  useErrorToast(q.error);
  const c = (k: string) => t(`records:calls.columns.${k}`);
  const columns: Column<Call>[] = [
    { key: 'when', header: c('when'), render: (r) => formatDateTime(r.createdAt), width: 150 },
    {
      key: 'who',
      header: c('who'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.userName ?? t('records:calls.platformUser')}</Text>
          {r.userEmail && (
            <Text size="xs" c="dimmed">
              {r.userEmail}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'provider',
      header: c('provider'),
      render: (r) => {
        const s = sourceTitleKey(r.source);
        return (
          <Stack gap={0}>
            <Text size="sm">{t(`records:providers.names.${r.provider}`, { defaultValue: r.provider })}</Text>
            <Text size="xs" c="dimmed">
              {s.detail ? t('records:calls.detailOf', { page: t(s.key) }) : t(s.key)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'person',
      header: c('person'),
      width: 170,
      render: (r) =>
        linkFichas && r.fichaId ? (
          <Anchor component={Link} to={`/home/fichas/${r.fichaId}`} size="sm">
            {shownDocument(r.personDocument)}
          </Anchor>
        ) : (
          shownDocument(r.personDocument)
        ),
    },
    {
      key: 'result',
      header: c('result'),
      width: 150,
      render: (r) => (
        <Badge color={RESULT_COLORS[r.result]} variant="light">
          {t(`records:calls.results.${r.result}`)}
        </Badge>
      ),
    },
    {
      key: 'duration',
      header: c('duration'),
      width: 100,
      render: (r) => (r.durationMs > 0 ? t('records:calls.ms', { ms: r.durationMs }) : '-'),
    },
  ];
  return <DataTable testId="provider-calls" columns={columns} {...paging.of(q)} emptyText={t('records:calls.empty')} />;
}
