import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { formatDay } from '../format/format';
import { screeningKeys } from '../query/keys/screening-keys';
import { listLabel } from './list-catalog';

/*
 * How fresh a screening list is, in words (issue 27): the lists page, the company's list controls, the dashboard
 * and each screening result use these, so a list reads the same everywhere.
 */

export type FreshnessState = 'current' | 'stale' | 'empty';

const COLORS: Record<FreshnessState, string> = { current: 'teal', stale: 'orange', empty: 'red' };

/** Vigente / Desactualizada / Vacía. */
export function FreshnessBadge({ state, testId }: { state: FreshnessState; testId?: string }) {
  const { t } = useTranslation('screening');
  return (
    <Badge variant="light" color={COLORS[state]} data-testid={testId} data-state={state} style={{ flexShrink: 0 }}>
      {t(`screening:freshness.states.${state}`)}
    </Badge>
  );
}

/** "Screened against OFAC SDN of 03/05/2024: 574 days old" ('' when the version has no date). */
export function screenedAgainst(
  t: TFunction,
  list: string,
  v: { versionDate: string | null; ageDays: number | null; state: FreshnessState } | undefined,
): string {
  if (!v?.versionDate) return '';
  return t(v.state === 'stale' ? 'screening:freshness.screenedAgainstStale' : 'screening:freshness.screenedAgainst', {
    list,
    date: formatDay(v.versionDate),
    days: v.ageDays ?? 0,
  });
}

/** The expected interval in words: daily, every N days, every N hours, or by hand. */
export function intervalText(t: TFunction, hours: number | null | undefined): string {
  if (!hours) return t('screening:freshness.intervalNone');
  if (hours === 24) return t('screening:freshness.intervalDaily');
  if (hours % 24 === 0) return t('screening:freshness.intervalDays', { days: hours / 24 });
  return t('screening:freshness.intervalHours', { hours });
}

type ListSourceFreshness = {
  id: string;
  name: string;
  freshness?: { state: FreshnessState; versionDate: string | null; ageDays: number | null };
};

/**
 * The dashboard's warning: the lists that are out of date or empty, each with its version date and age, linked to
 * nothing (the lists are the platform's). Nothing is shown while every list is current.
 */
export function StaleListsAlert() {
  const { t } = useTranslation('screening');
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const lists = useQuery({
    queryKey: screeningKeys.listFreshness,
    queryFn: () => api.get<ListSourceFreshness[]>(`/lists?filter=${encodeURIComponent('{"limit":100}')}`),
  });
  const bad = (lists.data ?? []).filter((l) => l.freshness && l.freshness.state !== 'current');
  if (!bad.length) return null;
  bad.sort((a, b) => listLabel(tt, a.id, a.name).localeCompare(listLabel(tt, b.id, b.name)));
  const empty = bad.filter((l) => l.freshness?.state === 'empty');
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('screening:freshness.dashboardHeading')}
      data-testid="stale-lists"
    >
      <Stack gap={4}>
        <Text size="sm">{t('screening:freshness.dashboardHint')}</Text>
        {bad
          .filter((l) => l.freshness?.state === 'stale')
          .map((l) => (
            <Group key={l.id} gap="xs" wrap="nowrap" data-testid={`stale-list-${l.id}`}>
              <FreshnessBadge state="stale" />
              <Text size="sm">
                {t('screening:freshness.staleLine', {
                  list: listLabel(tt, l.id, l.name),
                  date: formatDay(l.freshness?.versionDate),
                  days: l.freshness?.ageDays ?? 0,
                })}
              </Text>
            </Group>
          ))}
        {empty.length > 0 && (
          <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="empty-lists-line">
            <FreshnessBadge state="empty" />
            <Text size="sm">
              {t('screening:freshness.emptyLine', { lists: empty.map((l) => listLabel(tt, l.id, l.name)).join(', ') })}
            </Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
