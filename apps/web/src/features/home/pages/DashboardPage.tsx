import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Spoiler, Stack, Text, Title } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { FORMS_SENT_STATUSES } from '@regcheck/shared/schemas/operations';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { formatCount, formatDay } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { StaleListsAlert } from '../../../app/screening/ListFreshness';
import { listLabel } from '../../../app/screening/list-catalog';
import { useUser } from '../../../app/session/useSession';
import { AllegationsDashboard } from '../../allegations';
import { type Dashboard, PeriodPicker, periodProblem, presetPeriod, reportsApi, roeApplies } from '../../reports';
import { homeKeys } from '../keys';

/**
 * /home/dashboard: the home dashboard for the roles with mainPanel. The allegations administrator gets the
 * allegations dashboard (issue 10 inserts it in the branch below); every other role keeps the hall.
 */
export function DashboardPage() {
  const user = useUser();
  const subject = { role: user.role, company: user.company };
  if (can(subject, 'mainPanel')) return <HomeDashboard />;
  if (can(subject, 'denouncesAdmin')) return <AllegationsDashboard />;
  return <Navigate to="/hall" replace />;
}

const RISK_COLORS = { high: 'red.6', medium: 'yellow.5', low: 'teal.6', none: 'gray.4' } as const;

function Figure({ label, value, to, testId }: { label: string; value: number; to: string | null; testId: string }) {
  const { i18n } = useTranslation();
  const figure = (
    <Text fz={28} fw={700} lh={1.1}>
      {formatCount(value, i18n.language)}
    </Text>
  );
  return (
    <Stack gap={2} data-testid={testId}>
      {to ? (
        <Anchor component={Link} to={to} underline="hover" c="blue.8">
          {figure}
        </Anchor>
      ) : (
        figure
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** A dashboard card; with `empty`, the dimmed text stands in for the content. */
function Widget({
  title,
  children,
  testId,
  empty,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  empty?: string | false;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty ? <Text c="dimmed">{empty}</Text> : children}
    </Paper>
  );
}

interface FigureItem {
  id: string;
  label: string;
  value: number;
  to: string | null;
}

/** Figures two by two, each a link where it leads somewhere. */
function Figures({ items }: { items: FigureItem[] }) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      {items.map((f) => (
        <Figure key={f.id} label={f.label} value={f.value} to={f.to} testId={f.id} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The lists behind the figures, for the period the server counted (`from`, `to`): each list counts exactly its
 * figure (decision 90). Fichas by creation day, the portfolio up to the period's end, operations by transaction day.
 */
function dashboardLinks(d: Pick<Dashboard, 'from' | 'to'>, may: { history: boolean; notifications: boolean }) {
  const range = `from=${d.from}&to=${d.to}`;
  const history = (extra = '') => (may.history ? `/home/history?${range}${extra}` : null);
  return {
    portfolio: (risk: string) => `/home/fichas?to=${d.to}&risk=${risk}`,
    fichas: `/home/fichas?${range}`,
    matches: `/home/fichas?${range}&matches=true`,
    list: (id: string, name: string) =>
      `/home/fichas?${range}&matches=true&list=${encodeURIComponent(id)}&listName=${encodeURIComponent(name)}`,
    operations: history(),
    ros: history('&ros=true'),
    roe: `/home/reports/roe-uaf?${range}`,
    formsSent: history(`&consultationStatus=${FORMS_SENT_STATUSES.join(',')}`),
    formsSigned: history('&consultationStatus=signed'),
    notifications: may.notifications ? `/home/notifications?${range}` : null,
    // the periodic reviews are as of today, not of the period (decision 122)
    reviewsDue: '/home/fichas?review=dueThisMonth',
    reviewsOverdue: '/home/fichas?review=overdue',
  };
}

function HomeDashboard() {
  const { t, i18n } = useTranslation('reports');
  const user = useUser();
  const subject = { role: user.role, company: user.company };
  const mayHistory = can(subject, 'history');
  const mayNotifications = can(subject, 'notifications');
  const [period, setPeriod] = useState(presetPeriod('last30'));
  const valid = !periodProblem(period);
  const q = useQuery({
    queryKey: homeKeys.dashboard(period.from, period.to),
    queryFn: () => reportsApi.dashboard(period.from, period.to),
    enabled: valid,
  });
  useErrorToast(q.error);
  const d: Dashboard | undefined = q.data;
  const links = d ? dashboardLinks(d, { history: mayHistory, notifications: mayNotifications }) : null;
  const count = (n: number) => formatCount(n, i18n.language);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('reports:dashboard.title')}</Title>
        <PeriodPicker value={period} onChange={setPeriod} testId="dashboard-period" />
      </Group>
      {d && (
        <Text size="sm" c="dimmed">
          {t('reports:file.period', { from: formatDay(d.from), to: formatDay(d.to) })}
        </Text>
      )}
      <StaleListsAlert />
      {!d || !links ? (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
          {[1, 2, 3, 4, 5, 6].map((k) => (
            <Skeleton key={k} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
          <Widget title={t('reports:dashboard.risk')} testId="widget-risk">
            <Text size="xs" c="dimmed" mt={-8} mb="xs">
              {t('reports:dashboard.portfolioAsOf', { date: formatDay(d.to) })}
            </Text>
            <Group wrap="nowrap" align="center">
              <DonutChart
                size={120}
                thickness={22}
                withTooltip={false}
                valueFormatter={count}
                data={(['high', 'medium', 'low', 'none'] as const).map((k) => ({
                  name: t(`reports:risk.${k}`),
                  value: d.risk[k],
                  color: RISK_COLORS[k],
                }))}
              />
              <Stack gap="xs">
                {(['high', 'medium', 'low'] as const).map((k) => (
                  <Figure
                    key={k}
                    label={t(`reports:dashboard.riskLabel.${k}`)}
                    value={d.risk[k]}
                    to={links.portfolio(k)}
                    testId={`risk-${k}`}
                  />
                ))}
              </Stack>
            </Group>
          </Widget>
          <Widget title={t('reports:dashboard.activity')} testId="widget-activity">
            <Figures
              items={[
                {
                  id: 'activity-operations',
                  label: t('reports:dashboard.operations'),
                  value: d.activity.operations,
                  to: links.operations,
                },
                {
                  id: 'activity-fichas',
                  label: t('reports:dashboard.fichas'),
                  value: d.activity.fichas,
                  to: links.fichas,
                },
                // the ROE is Chile's report to the UAF: a Brazilian company never sees it (issue 23, point 3)
                ...(roeApplies(user.company?.country)
                  ? [{ id: 'activity-roe', label: t('reports:dashboard.roe'), value: d.activity.roe, to: links.roe }]
                  : []),
                { id: 'activity-ros', label: t('reports:dashboard.ros'), value: d.activity.ros, to: links.ros },
                {
                  id: 'activity-matches',
                  label: t('reports:dashboard.matches'),
                  value: d.activity.matches,
                  to: links.matches,
                },
                {
                  id: 'activity-notifications',
                  label: t('reports:dashboard.notificationsCount'),
                  value: d.activity.notifications,
                  to: links.notifications,
                },
              ]}
            />
          </Widget>
          <Widget title={t('reports:dashboard.reviews')} testId="widget-reviews">
            <Text size="xs" c="dimmed" mt={-8} mb="xs">
              {t('reports:dashboard.reviewsAsOf', { date: formatDay(d.reviews.asOf) })}
            </Text>
            <Figures
              items={[
                {
                  id: 'reviews-due',
                  label: t('reports:dashboard.reviewsDue'),
                  value: d.reviews.dueThisMonth,
                  to: links.reviewsDue,
                },
                {
                  id: 'reviews-overdue',
                  label: t('reports:dashboard.reviewsOverdue'),
                  value: d.reviews.overdue,
                  to: links.reviewsOverdue,
                },
              ]}
            />
          </Widget>
          {/* Brazil's COAF communications of cash operations (issue 23, point 3): a Chilean company has none */}
          {d.coaf && (
            <Widget title={t('coaf:title')} testId="widget-coaf">
              {d.coaf.nonOccurrence && (
                <Text size="sm" c="orange.9" mt={-8} mb="xs" data-testid="coaf-non-occurrence">
                  {t('coaf:nonOccurrence', {
                    year: d.coaf.nonOccurrence.year,
                    date: formatDay(d.coaf.nonOccurrence.due),
                  })}
                </Text>
              )}
              <Figures
                items={[
                  {
                    id: 'coaf-due',
                    label: t('coaf:dashboard.dueLabel'),
                    value: d.coaf.due,
                    to: '/home/reports/coaf?state=due',
                  },
                  {
                    id: 'coaf-late',
                    label: t('coaf:dashboard.lateLabel'),
                    value: d.coaf.late,
                    to: '/home/reports/coaf?state=late',
                  },
                  // cash in another currency: not compared with the threshold (no BRL rate; decision 158)
                  ...(d.coaf.unchecked > 0
                    ? [
                        {
                          id: 'coaf-unchecked',
                          label: t('coaf:dashboard.uncheckedLabel'),
                          value: d.coaf.unchecked,
                          to: '/home/reports/coaf#coaf-unchecked',
                        },
                      ]
                    : []),
                ]}
              />
            </Widget>
          )}
          <Widget title={t('reports:dashboard.forms')} testId="widget-forms">
            <Figures
              items={[
                {
                  id: 'forms-sent',
                  label: t('reports:dashboard.formsSent'),
                  value: d.forms.sent,
                  to: links.formsSent,
                },
                {
                  id: 'forms-signed',
                  label: t('reports:dashboard.formsSigned'),
                  value: d.forms.signed,
                  to: links.formsSigned,
                },
              ]}
            />
          </Widget>
          <Widget
            title={t('reports:dashboard.perDay')}
            testId="widget-per-day"
            empty={d.perDay.length === 0 && t('reports:dashboard.nothingCreated')}
          >
            <BarChart
              h={200}
              data={d.perDay.map((p) => ({ ...p, day: formatDay(p.day).slice(0, 5) }))}
              dataKey="day"
              valueFormatter={count}
              withLegend
              series={[
                { name: 'operations', label: t('reports:dashboard.operations'), color: 'blue.6' },
                { name: 'fichas', label: t('reports:dashboard.fichas'), color: 'teal.6' },
              ]}
            />
          </Widget>
          <Widget
            title={t('reports:dashboard.matchesByList')}
            testId="widget-matches"
            empty={d.matchesByList.length === 0 && t('reports:dashboard.noMatches')}
          >
            <Stack gap={6}>
              {d.matchesByList.map((m) => (
                <Group key={m.listId} justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {listLabel(t, m.listId, m.listName)}
                  </Text>
                  <Anchor
                    component={Link}
                    to={links.list(m.listId, listLabel(t, m.listId, m.listName))}
                    fw={600}
                    data-testid={`matches-list-${m.listId}`}
                  >
                    {count(m.count)}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          </Widget>
          <Widget
            title={t('reports:dashboard.latestNotifications')}
            testId="widget-notifications"
            empty={d.notifications.length === 0 && t('reports:dashboard.noNotifications')}
          >
            <Stack gap="xs">
              {d.notifications.map((n) => (
                <Stack key={n.id} gap={0}>
                  {n.fichaId ? (
                    <Anchor component={Link} to={`/home/fichas/${n.fichaId}`} size="sm" fw={n.read ? 400 : 600}>
                      {n.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={n.read ? 400 : 600}>
                      {n.title}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDay(n.createdAt)}
                  </Text>
                </Stack>
              ))}
              {mayNotifications && (
                <Anchor component={Link} to="/home/notifications" size="sm">
                  {t('reports:dashboard.allNotifications')}
                </Anchor>
              )}
            </Stack>
          </Widget>
          <Widget
            title={t('reports:dashboard.news')}
            testId="widget-news"
            empty={d.news.length === 0 && t('reports:dashboard.noNews')}
          >
            <Stack gap="xs">
              {d.news.map((n) => (
                <Stack key={n.id} gap={0}>
                  <Text size="sm" fw={600}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDay(n.newsDate)}
                  </Text>
                  {/* the whole text: three lines, then a "show more" that opens the rest (never a silent cut) */}
                  <Spoiler
                    maxHeight={60}
                    styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
                    showLabel={t('common:showMore')}
                    hideLabel={t('common:showLess')}
                    data-testid="dashboard-news-body"
                  >
                    <Text size="sm" lh="20px">
                      {n.body}
                    </Text>
                  </Spoiler>
                </Stack>
              ))}
              <Anchor component={Link} to="/home/news" size="sm" data-testid="dashboard-all-news">
                {t('reports:dashboard.allNews')}
              </Anchor>
            </Stack>
          </Widget>
        </SimpleGrid>
      )}
    </Stack>
  );
}
