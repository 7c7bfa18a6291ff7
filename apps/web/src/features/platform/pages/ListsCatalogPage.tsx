import { Anchor, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatDay, formatNumber } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { FreshnessBadge, intervalText } from '../../../app/screening/ListFreshness';
import { listLabel, versionLabel } from '../../../app/screening/list-catalog';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type ListSource, listsApi } from '../api/platform-api';
import { ImportStatusBadge } from '../components/ImportStatusBadge';
import { ListKindBadge } from '../components/ListKindBadge';
import { platformKeys } from '../keys';
import { listPath } from '../lib/list-paths';

/** The host of a list's published address (the whole address is in the daily download's tooltip). */
function sourceHost(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * /regcheck/lists: every screening list with its kind, the version in force and its entries, the last import with
 * its counts, how fresh it is (version date, age, last successful update, expected interval, source: issue 27), and
 * the daily download (on for every list with an address), which the super administrator switches.
 */
export function ListsCatalogPage() {
  const { t, i18n } = useTranslation(['platform', 'screening']);
  const qc = useQueryClient();
  const sources = useQuery({ queryKey: platformKeys.lists, queryFn: () => listsApi.sources() });
  useErrorToast(sources.error);
  const toggle = useMutation({
    mutationFn: (s: ListSource) => listsApi.update(s.id, { fetchEnabled: !s.fetchEnabled }),
    onSuccess: (s) => {
      notifySuccess(
        t(s.fetchEnabled ? 'platform:lists.fetchOn' : 'platform:lists.fetchOff', { name: listLabel(t, s.id, s.name) }),
      );
      void qc.invalidateQueries({ queryKey: platformKeys.lists });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const columns: Column<ListSource>[] = [
    {
      key: 'name',
      header: t('platform:lists.columns.name'),
      render: (s) => (
        <Anchor component={Link} to={listPath(s.id)} size="sm" data-testid={`list-${s.id}`}>
          <TruncatedText value={listLabel(t, s.id, s.name)} />
        </Anchor>
      ),
    },
    { key: 'kind', header: t('platform:lists.columns.kind'), render: (s) => <ListKindBadge kind={s.kind} /> },
    {
      key: 'entries',
      header: t('platform:lists.columns.entries'),
      render: (s) => <Text size="sm">{n(s.entityCount)}</Text>,
    },
    {
      key: 'version',
      header: t('platform:lists.columns.version'),
      render: (s) =>
        s.currentVersion ? (
          <Stack gap={0}>
            <TruncatedText value={versionLabel(t, s.id, s.name, s.currentVersion.label)} />
            <Text size="xs" c="dimmed">
              {formatDateTime(s.currentVersion.activatedAt)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('platform:lists.noVersion')}
          </Text>
        ),
    },
    {
      key: 'freshness',
      header: t('platform:lists.columns.freshness'),
      render: (s) => (
        <Stack gap={2}>
          {s.freshness && <FreshnessBadge state={s.freshness.state} testId={`freshness-${s.id}`} />}
          {s.freshness?.versionDate && (
            <Text size="xs" c="dimmed">
              {t('screening:freshness.versionDate')}: {formatDay(s.freshness.versionDate)} ·{' '}
              {t('screening:freshness.age', { days: s.freshness.ageDays ?? 0 })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('screening:freshness.lastSuccess')}:{' '}
            {s.freshness?.lastSuccessAt ? formatDateTime(s.freshness.lastSuccessAt) : t('screening:freshness.never')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('screening:freshness.interval')}: {intervalText(t, s.updateIntervalHours)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('screening:freshness.source')}:{' '}
            {s.sourceUrl ? sourceHost(s.sourceUrl) : t('screening:freshness.sourceManual')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'lastImport',
      header: t('platform:lists.columns.lastImport'),
      render: (s) =>
        s.lastVersion ? (
          <Stack gap={2}>
            <ImportStatusBadge status={s.lastVersion.status} />
            <Text size="xs" c="dimmed">
              {t('platform:lists.importCounts', {
                date: formatDateTime(s.lastVersion.importedAt ?? s.lastVersion.createdAt),
                entries: n(s.lastVersion.entityCount),
                errors: n(s.lastVersion.errorCount),
              })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('platform:lists.neverImported')}
          </Text>
        ),
    },
    {
      key: 'fetch',
      header: t('platform:lists.columns.fetch'),
      render: (s) => (
        <Tooltip
          label={s.sourceUrl ? s.sourceUrl : t('platform:lists.noUrl')}
          multiline
          maw={360}
          style={{ overflowWrap: 'anywhere' }}
        >
          <div>
            <Switch
              size="sm"
              checked={s.fetchEnabled}
              disabled={!s.sourceUrl || toggle.isPending}
              onChange={() => toggle.mutate(s)}
              aria-label={t('platform:lists.fetchLabel', { name: listLabel(t, s.id, s.name) })}
              label={t(s.fetchEnabled ? 'platform:lists.daily' : 'platform:lists.manual')}
            />
          </div>
        </Tooltip>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('platform:lists.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('platform:lists.intro')}
      </Text>
      <DataTable
        testId="lists-catalogue"
        columns={columns}
        rows={sources.data
          ?.slice()
          .sort((a, b) => listLabel(t, a.id, a.name).localeCompare(listLabel(t, b.id, b.name), i18n.language))}
        loading={sources.isPending}
        emptyText={t('platform:lists.empty')}
      />
    </Stack>
  );
}
