import { Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../../app/format/format';
import { errorMessage } from '../../../app/query/errorMessage';
import { listLabel, versionLabel } from '../../../app/screening/list-catalog';
import { useUser } from '../../../app/session/useSession';
import { PageHeader } from '../../../app/ui/PageHeader';
import { listsApi } from '../api/platform-api';
import { ListEntriesPanel } from '../components/ListEntriesPanel';
import { ListImportPanel } from '../components/ListImportPanel';
import { ListKindBadge } from '../components/ListKindBadge';
import { ListVersionsPanel } from '../components/ListVersionsPanel';
import { platformKeys } from '../keys';

/**
 * /regcheck/lists/screeningGlobal/:id and /regcheck/lists/internationalOrganizations/:id: one list with its
 * entries, its versions with their import reports, and the import of a new file.
 */
export function ListDetailPage() {
  const { t, i18n } = useTranslation('platform');
  const { id = '' } = useParams();
  const user = useUser();
  const mayManage = can({ role: user.role, company: user.company }, 'superadmin');
  const source = useQuery({ queryKey: platformKeys.list(id), queryFn: () => listsApi.source(id) });
  const s = source.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={s ? listLabel(t, s.id, s.name) : t('platform:lists.detailTitle')}
        back={{ to: '/regcheck/lists', label: t('platform:lists.back') }}
      />
      {source.isPending ? (
        <Skeleton height={320} />
      ) : source.error || !s ? (
        <Paper withBorder p="lg">
          <Text c="red.9">{errorMessage(source.error)}</Text>
        </Paper>
      ) : (
        <>
          <Group gap="sm">
            <ListKindBadge kind={s.kind} />
            <Text size="sm" c="dimmed" data-testid="list-summary">
              {s.currentVersion
                ? t('platform:lists.summary', {
                    entries: formatNumber(s.entityCount, i18n.language, 0),
                    label: versionLabel(t, s.id, s.name, s.currentVersion.label),
                    date: formatDateTime(s.currentVersion.activatedAt),
                  })
                : t('platform:lists.noVersion')}
            </Text>
          </Group>
          <Tabs defaultValue="entries" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="entries">{t('platform:lists.tabs.entries')}</Tabs.Tab>
              <Tabs.Tab value="versions">{t('platform:lists.tabs.versions')}</Tabs.Tab>
              {mayManage && s.format !== 'manual' && (
                <Tabs.Tab value="import">{t('platform:lists.tabs.import')}</Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="entries" pt="md">
              <ListEntriesPanel listId={s.id} mayEdit={mayManage} />
            </Tabs.Panel>
            <Tabs.Panel value="versions" pt="md">
              <ListVersionsPanel listId={s.id} listName={s.name} />
            </Tabs.Panel>
            {mayManage && s.format !== 'manual' && (
              <Tabs.Panel value="import" pt="md">
                <ListImportPanel source={s} />
              </Tabs.Panel>
            )}
          </Tabs>
        </>
      )}
    </Stack>
  );
}
