import { Anchor, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDay } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePublicSettings } from '../../../app/settings/usePublicSettings';
import { PageHeader } from '../../../app/ui/PageHeader';
import { usePaging } from '../../../app/ui/usePaging';
import { newsApi } from '../api/news-api';
import { newsKeys } from '../keys';

const PAGE_SIZE = 10;

/** /home/news: the active news items for the company's country (and for every country), newest first. */
export function NewsPage() {
  const { t, i18n } = useTranslation('reports');
  // cards, not a table: usePaging's page with this page's own footer
  const paging = usePaging({ pageSize: PAGE_SIZE });
  const { data: settings } = usePublicSettings();
  const list = useQuery({
    queryKey: newsKeys.list(paging.page, paging.pageSize),
    queryFn: () => newsApi.list(paging.limit, paging.skip),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ queryKey: newsKeys.count(), queryFn: newsApi.count });
  useErrorToast(list.error ?? count.error);
  const total = count.data?.count ?? 0;
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('reports:newsPage.title')}>
        {settings?.newsUrl && (
          <Anchor
            href={settings.newsUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="news-external"
          >
            <Group gap={4}>
              {t('reports:newsPage.more')}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </PageHeader>
      {list.isLoading ? (
        <Skeleton h={200} />
      ) : (list.data ?? []).length === 0 ? (
        <Text c="dimmed" data-testid="news-empty">
          {t('reports:dashboard.noNews')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="news-list">
          {(list.data ?? []).map((n) => (
            <Paper key={n.id} withBorder p="md" radius="md" data-testid="news-item">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={4}>{n.title}</Title>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(n.newsDate)}
                </Text>
              </Group>
              {n.body && (
                <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
                  {n.body}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {total > PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('reports:newsPage.count', { count: total, total: formatCount(total, i18n.language) })}
          </Text>
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={paging.page}
            onChange={paging.setPage}
            getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
