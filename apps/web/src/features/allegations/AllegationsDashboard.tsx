import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, ColorSwatch, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../app/query/useErrorToast';
import { useSession } from '../../app/session/useSession';
import { DateField } from '../../app/ui/DateField';
import { allegationsApi } from './api/allegations-api';
import { allegationsKeys } from './keys';
import { categoryLabel } from './lib/labels';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'gray.6'];

type Bucket = { key: string; label: string | null; count: number };

/**
 * Counts by a named thing (a person, a category, a relationship) as rows: the name written whole above its bar, wrapping
 * when long. An SVG chart's axis hid a name that did not fit ("a bar without a label", issue 27) or broke it into
 * pieces that read as one word ("Assédio laboral ousexual").
 */
function BarList({ data }: { data: { name: string; value: number }[] }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <Stack gap="xs" data-testid="bar-list">
      {data.map((d) => (
        <div key={d.name} data-testid="bar-list-row">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {d.name}
            </Text>
            <Text size="sm" fw={600}>
              {d.value}
            </Text>
          </Group>
          <Progress value={(d.value / max) * 100} color="blue.6" size="md" aria-hidden />
        </div>
      ))}
    </Stack>
  );
}

function Chart({
  title,
  data,
  donut,
  rows,
}: {
  title: string;
  data: { name: string; value: number }[];
  donut?: boolean;
  /** counts by name, as rows of bars (BarList) */
  rows?: boolean;
}) {
  const { t } = useTranslation('allegations');
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t('dashboard.noData')}
        </Text>
      ) : donut ? (
        <Group justify="center" align="center" gap="lg">
          <DonutChart
            data={data.map((d, i) => ({ ...d, color: COLORS[i % COLORS.length] as string }))}
            withLabelsLine
            withLabels
            withTooltip
            size={160}
            thickness={24}
          />
          <Stack gap={4}>
            {data.map((d, i) => (
              <Group key={d.name} gap={6} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${(COLORS[i % COLORS.length] as string).replace('.', '-')})`}
                  size={12}
                />
                <Text size="sm">
                  {d.name}: {d.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      ) : rows ? (
        <BarList data={data} />
      ) : (
        // months on the x axis: every one labelled, slanted so that a year of them fits a third of the page
        <BarChart
          h={240}
          data={data.map((d) => ({ name: d.name, [t('dashboard.reports')]: d.value }))}
          dataKey="name"
          series={[{ name: t('dashboard.reports'), color: 'blue.6' }]}
          yAxisProps={{ allowDecimals: false }}
          xAxisProps={{ interval: 0, angle: -45, textAnchor: 'end', height: 56 }}
          tickLine="none"
          withTooltip
        />
      )}
    </Card>
  );
}

/** The allegations administrator's dashboard: six charts of the reports filed in a date range. */
export function AllegationsDashboard() {
  const { t } = useTranslation('allegations');
  const companyId = useSession().user?.company?.id ?? '';
  const today = new Date();
  const [end, setEnd] = useState(iso(today));
  const [init, setInit] = useState(iso(new Date(today.getFullYear() - 1, today.getMonth(), today.getDate())));
  const q = useQuery({
    queryKey: allegationsKeys.aggregates(companyId, init, end),
    queryFn: () => allegationsApi.aggregates(companyId, init, end),
    enabled: companyId !== '' && !!init && !!end && init <= end,
  });
  useErrorToast(q.error);
  const m = q.data?.modes ?? {};
  const of = (mode: string, label: (b: Bucket) => string) =>
    (m[mode] ?? []).map((b) => ({ name: label(b), value: b.count }));
  const month = (k: string) => {
    const [y, mo] = k.split('-');
    return `${mo}/${y}`;
  };

  return (
    <Stack data-testid="allegations-dashboard">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{t('dashboard.title')}</Title>
          <Text size="sm" c="dimmed">
            {q.data ? t('dashboard.total', { count: q.data.total }) : ' '}
          </Text>
        </div>
        <Group align="flex-end">
          <DateField label={t('filters.from')} value={init} onChange={setInit} />
          <DateField label={t('filters.to')} value={end} onChange={setEnd} />
        </Group>
      </Group>
      {init > end && (
        <Text c="red.9" size="sm">
          {t('dashboard.badRange')}
        </Text>
      )}
      {q.isLoading ? (
        <Loader />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
          <Chart title={t('dashboard.timeframes')} data={of('timeframes', (b) => month(b.key))} />
          <Chart title={t('dashboard.anonymous')} data={of('anonymous', (b) => t(`reporter.${b.key}`))} donut />
          <Chart
            title={t('dashboard.relationship')}
            data={of('client_relationship', (b) => t(`relationship.${b.key}`))}
            rows
          />
          <Chart title={t('dashboard.status')} data={of('status', (b) => t(`status.${b.key}`))} donut />
          <Chart
            title={t('dashboard.assigned')}
            data={of('assigned_person', (b) =>
              b.key === 'none' ? t('list.unassigned') : (b.label ?? t('list.unassigned')),
            )}
            rows
          />
          <Chart title={t('dashboard.category')} data={of('category', (b) => categoryLabel(t, b.key))} rows />
        </SimpleGrid>
      )}
    </Stack>
  );
}
