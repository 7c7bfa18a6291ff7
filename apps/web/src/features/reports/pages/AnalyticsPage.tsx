import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMonth } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { reportsApi } from '../api/reports-api';
import { reportsKeys } from '../keys';

/** /home/analitys/analitys (allow-listed companies only): searches, matches and risk per month over 12 months. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation('reports');
  const q = useQuery({ queryKey: reportsKeys.trends, queryFn: reportsApi.trends });
  useErrorToast(q.error);
  const data = (q.data ?? []).map((r) => ({ ...r, label: formatMonth(r.month, i18n.language) }));
  const count = (n: number) => formatCount(n, i18n.language);
  const charts = [
    {
      key: 'searches',
      title: t('reports:analytics.searchesTitle'),
      series: [
        { name: 'searches', label: t('reports:analytics.searches'), color: 'blue.6' },
        { name: 'searchMatches', label: t('reports:analytics.searchMatches'), color: 'red.6' },
      ],
    },
    {
      key: 'fichas',
      title: t('reports:analytics.fichasTitle'),
      series: [
        { name: 'fichas', label: t('reports:analytics.fichas'), color: 'teal.6' },
        { name: 'fichaMatches', label: t('reports:analytics.fichaMatches'), color: 'orange.6' },
        { name: 'highRisk', label: t('reports:analytics.highRisk'), color: 'red.7' },
      ],
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:analytics.title')}</Title>
      <Text c="dimmed">{t('reports:analytics.intro')}</Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {charts.map((c) => (
          <Paper key={c.key} withBorder p="md" radius="md" data-testid={`analytics-${c.key}`}>
            <Title order={4} mb="sm">
              {c.title}
            </Title>
            {q.isLoading ? (
              <Skeleton h={260} />
            ) : (
              <LineChart
                h={260}
                data={data}
                dataKey="label"
                withLegend
                series={c.series}
                curveType="linear"
                valueFormatter={count}
              />
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
