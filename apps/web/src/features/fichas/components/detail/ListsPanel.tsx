import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useMutation } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { type Ficha, fichasApi } from '../../api/fichas-api';

function explanationText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Screening results: one row per list with its coincidence badge, the hits with score and explanation. */
export function ListsPanel({ ficha, canWrite, onChanged }: { ficha: Ficha; canWrite: boolean; onChanged: () => void }) {
  const { t } = useTranslation('fichas');
  const [dismiss, setDismiss] = useState<{ listId: string; entityId: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const listas = ficha.listas;

  const screen = useMutation({
    mutationFn: () => fichasApi.screen(ficha.id),
    onSuccess: () => onChanged(),
    onError: (e) => notifyError(errorMessage(e)),
  });
  const dismissMatch = useMutation({
    mutationFn: (d: { listId: string; entityId: string }) =>
      fichasApi.dismissMatch(ficha.id, d.listId, d.entityId, reason.trim()),
    onSuccess: () => {
      notifySuccess(t('fichas:lists.dismissed'));
      setDismiss(null);
      setReason('');
      onChanged();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  // the panel's two writes share one busy state, as both buttons show it
  const busy = screen.isPending || dismissMatch.isPending;
  const confirmDismiss = () => {
    if (!dismiss) return;
    if (reason.trim().length < 3) {
      setError(t('fichas:risk.reasonRequired'));
      return;
    }
    dismissMatch.mutate(dismiss);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('fichas:detail.tabs.lists')}
          </Title>
          <Group gap="sm">
            {listas?.lastChecked && (
              <Text size="sm" c="dimmed">
                {t('fichas:lists.lastChecked', { date: formatDate(listas.lastChecked) })}
              </Text>
            )}
            {canWrite && (
              <Button size="xs" variant="light" onClick={() => screen.mutate()} loading={busy}>
                {t('fichas:lists.screenNow')}
              </Button>
            )}
          </Group>
        </Group>
        {listas?.error && <Badge color="red">{t('fichas:errors.SCREENING_FAILED')}</Badge>}
        {!listas || listas.lists.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('fichas:lists.none')}
          </Text>
        ) : (
          <Table data-testid="lists-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fichas:lists.list')}</Table.Th>
                <Table.Th>{t('fichas:lists.coincidence')}</Table.Th>
                <Table.Th>{t('fichas:lists.matchedName')}</Table.Th>
                <Table.Th>{t('fichas:lists.score')}</Table.Th>
                <Table.Th>{t('fichas:lists.explanation')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listas.lists.map((l) => (
                <Fragment key={l.listId}>
                  <Table.Tr>
                    <Table.Td>{l.listName}</Table.Td>
                    <Table.Td>
                      <Badge color={l.coincidence ? 'red' : 'teal'} variant="light">
                        {t(l.coincidence ? 'fichas:lists.yes' : 'fichas:lists.no')}
                      </Badge>
                      {l.risk && <Text size="xs">{l.risk}</Text>}
                    </Table.Td>
                    <Table.Td colSpan={4}>
                      {l.hits.length === 0 ? '-' : t('fichas:lists.hits', { count: l.hits.length })}
                    </Table.Td>
                  </Table.Tr>
                  {l.hits.map((h) => (
                    <Table.Tr key={`${l.listId}-${h.entityId}`} bg="var(--mantine-color-gray-0)">
                      <Table.Td />
                      <Table.Td>
                        {h.dismissed && (
                          <Badge color="gray" size="sm">
                            {t('fichas:lists.falsePositive')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{h.matchedName}</Table.Td>
                      <Table.Td>{h.score.toFixed(2)}</Table.Td>
                      <Table.Td>
                        <Text size="xs" lineClamp={3}>
                          {h.dismissed ? h.dismissedReason : explanationText(h.explanation)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {canWrite && !h.dismissed && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="gray"
                            onClick={() => setDismiss({ listId: l.listId, entityId: h.entityId, name: h.matchedName })}
                          >
                            {t('fichas:lists.dismiss')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal
        opened={!!dismiss}
        onClose={() => setDismiss(null)}
        title={t('fichas:lists.dismissTitle', { name: dismiss?.name ?? '' })}
        centered
      >
        <Stack>
          <Textarea
            label={t('fichas:lists.dismissReason')}
            withAsterisk
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDismiss(null)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button onClick={confirmDismiss} loading={busy}>
              {t('fichas:lists.dismiss')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
