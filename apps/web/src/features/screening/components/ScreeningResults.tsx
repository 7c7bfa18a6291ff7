import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DrawerHit, type DrawerSubject, HitDetailDrawer } from '../../../app/screening/HitDetailDrawer';
import { listLabel } from '../../../app/screening/list-catalog';
import type { SearchResult } from '../api/screening-api';
import { ListResultCard } from './ListResultCard';

/** Results grouped by list, lists with a coincidence first; 'No results found' when none matched; the hit detail. */
export function ScreeningResults({ result, subject }: { result: SearchResult; subject: DrawerSubject }) {
  const { t } = useTranslation('screening');
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const [open, setOpen] = useState<DrawerHit | null>(null);
  const lists = [...result.lists].sort((a, b) => Number(b.coincidence) - Number(a.coincidence));
  return (
    <Stack data-testid="screening-results">
      <Group justify="space-between">
        <Text fw={600}>{t('screening:consult.summary', { total: result.total, lists: result.lists.length })}</Text>
        <Text size="sm" c="dimmed">
          {t('screening:consult.checkedAt', { date: formatDate(result.lastChecked) })}
        </Text>
      </Group>
      {result.total === 0 && (
        <Alert icon={<IconInfoCircle size={18} />} color="green" data-testid="no-results">
          {result.message ?? t('screening:noResults')}
        </Alert>
      )}
      {lists.map((l) => (
        <ListResultCard key={l.listId} list={l} queryNames={subject.names} onOpen={setOpen} />
      ))}
      {!!result.emptyLists?.length && (
        <Alert
          icon={<IconAlertTriangle size={18} />}
          color="orange"
          title={t('screening:freshness.notScreenedHeading')}
          data-testid="empty-lists"
        >
          <Stack gap={2}>
            {result.emptyLists.map((l) => (
              <Text size="sm" key={l.listId}>
                {t('screening:freshness.emptyNotScreened', { list: listLabel(tt, l.listId, l.listName) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <HitDetailDrawer
        hit={open}
        subject={subject}
        subjectLabel={t('screening:drawer.searched')}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
