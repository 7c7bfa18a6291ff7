import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Person, peopleApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { PepStatusBadge } from './PepStatusBadge';

/** The person's PEP status in words, until when, and the deactivation (taken off the register, kept for the record). */
export function PepStatusCard({ person }: { person: Person }) {
  const { t } = useTranslation('platform');
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const deactivate = useMutation({
    mutationFn: () => peopleApi.deactivate(person.id),
    onSuccess: (p) => {
      notifySuccess(t('platform:pep.list.deactivated', { name: p.name }));
      setAsking(false);
      qc.setQueryData(platformKeys.person(p.id), p);
      void qc.invalidateQueries({ queryKey: platformKeys.people });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const until =
    person.pepStatus === 'deactivated'
      ? t('platform:pep.edit.deactivatedText')
      : person.pepExpiration
        ? t(person.isPep ? 'platform:pep.edit.until' : 'platform:pep.edit.expiredOn', {
            date: formatDay(person.pepExpiration),
          })
        : t('platform:pep.edit.noExpiration');
  return (
    <Card withBorder radius="md" padding="lg" maw={880}>
      <Group justify="space-between" align="center">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{t('platform:pep.edit.status')}</Text>
            <PepStatusBadge status={person.pepStatus} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="pep-status-text">
            {until}
          </Text>
        </Stack>
        {person.isActive && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconUserOff size={16} />}
            onClick={() => setAsking(true)}
            data-testid="pep-deactivate"
          >
            {t('platform:pep.list.deactivate')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        {...askWhile(asking, setAsking, deactivate)}
        title={t('platform:pep.list.deactivateTitle')}
        danger={t('platform:pep.list.deactivate')}
        message={t('platform:pep.list.deactivateMessage', { name: person.name })}
      />
    </Card>
  );
}
