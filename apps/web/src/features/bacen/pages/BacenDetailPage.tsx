import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useUser } from '../../../app/session/useSession';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { DataTable } from '../../../app/ui/DataTable';
import { LabeledValue } from '../../../app/ui/LabeledValue';
import { bacenApi } from '../api/bacen-api';
import { WindowBadge } from '../components/WindowBadge';
import { bacenKeys } from '../keys';
import { BacenFormPage } from './BacenFormPage';

/** A value of the record, its line breaks kept (free texts). */
function Field(props: { label: string; children: ReactNode }) {
  return <LabeledValue preWrap {...props} />;
}

/**
 * /home/bacen/:id (and the person's bacenCircular6/:id): the record, the 24-hour rule, its versions (who, when,
 * why), its edit with a mandatory reason, deletion.
 */
export function BacenDetailPage() {
  const { t } = useTranslation('records');
  const { id = '' } = useParams();
  const companyId = useUser().company?.id ?? '';
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const q = useQuery({
    queryKey: bacenKeys.one(id),
    queryFn: () => bacenApi.get(companyId, id),
    enabled: !!companyId,
    retry: false,
  });
  const remove = useMutation({
    mutationFn: () => bacenApi.remove(id, reason.trim()),
    onSuccess: () => {
      setDeleting(false);
      void qc.invalidateQueries({ queryKey: bacenKeys.all });
      notifySuccess(t('records:bacen.deleted'));
    },
    onError: (e: Error) => notifyError(e.message),
  });
  const r = q.data;
  const f = (k: string) => t(`records:bacen.form.${k}`);
  if (r && editing && !r.deletedAt)
    return <BacenFormPage key={r.version} record={r} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('records:bacen.detailTitle')}</Title>
      {q.isLoading && <Skeleton height={300} />}
      {q.error && <Alert color="red">{t('records:bacen.fetchError')}</Alert>}
      {r && (
        <>
          <Group gap="sm">
            <WindowBadge late={r.late} />
            <Text size="sm" c="dimmed" data-testid="bacen-window-text">
              {t(r.late ? 'records:bacen.window.lateText' : 'records:bacen.window.onTimeText', {
                identified: formatDateTime(r.identifiedAt),
                registered: formatDateTime(r.registeredAt),
                deadline: formatDateTime(r.deadlineAt),
              })}
            </Text>
          </Group>
          {r.deletedAt && (
            <Alert color="gray" data-testid="bacen-deleted">
              {t('records:bacen.deletedOn', { when: formatDateTime(r.deletedAt), reason: r.deletedReason ?? '' })}
            </Alert>
          )}
          <Card withBorder padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Field label={f('suspectName')}>{r.suspectName ?? t('records:bacen.unknownSuspect')}</Field>
              <Field label={f('suspectDocument')}>{displayDni(r.suspectDocument)}</Field>
              <Field label={f('registeringInstitution')}>{r.registeringInstitution}</Field>
              <Field label={t('records:bacen.columns.type')}>{t(`records:bacen.types.${r.operationType}`)}</Field>
              <Field label={f('consent')}>
                {t('records:bacen.consentGiven', { when: formatDateTime(r.consentAt) })}
              </Field>
              <Field label={t('records:bacen.version')}>{String(r.version)}</Field>
            </SimpleGrid>
            <Stack mt="md">
              <Field label={f('description')}>{r.description}</Field>
            </Stack>
            {r.destination && (
              <>
                <Title order={5} mt="md" mb="xs">
                  {t('records:bacen.destination')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Field label={f('destInstitution')}>{r.destination.institution}</Field>
                  <Field label={f('branch')}>{r.destination.branch}</Field>
                  <Field label={f('account')}>{r.destination.account}</Field>
                  <Field label={f('holder')}>{r.destination.holder}</Field>
                  <Field label={f('holderDocument')}>{displayDni(r.destination.holderDocument)}</Field>
                  <Field label={f('pixKey')}>{r.destination.pixKey}</Field>
                </SimpleGrid>
              </>
            )}
          </Card>
          <Title order={4}>{t('records:bacen.versions.title')}</Title>
          <DataTable
            bodyTestId="bacen-versions"
            minWidth={0}
            columns={[
              { key: 'version', header: t('records:bacen.version'), width: 90, render: (x) => x.version },
              {
                key: 'when',
                header: t('records:bacen.versions.when'),
                width: 170,
                render: (x) => formatDateTime(x.changedAt),
              },
              {
                key: 'who',
                header: t('records:bacen.versions.who'),
                render: (x) => x.changedByName ?? t('records:bacen.versions.system'),
              },
              { key: 'reason', header: t('records:bacen.versions.reason'), render: (x) => x.reason },
            ]}
            rows={r.versions}
            getId={(x) => String(x.version)}
            emptyText={t('records:bacen.versions.none')}
          />
          {!r.deletedAt && (
            <Group>
              <Button onClick={() => setEditing(true)} data-testid="bacen-edit">
                {t('records:bacen.edit')}
              </Button>
              <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="bacen-delete">
                {t('records:bacen.delete')}
              </Button>
            </Group>
          )}
          <ConfirmModal
            opened={deleting}
            title={t('records:bacen.delete')}
            color="red"
            loading={remove.isPending}
            onCancel={() => setDeleting(false)}
            onConfirm={() => {
              if (!reason.trim()) return setReasonError(true);
              remove.mutate();
            }}
            message={
              <Textarea
                label={t('records:bacen.deleteReason')}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(false);
                }}
                error={reasonError ? t('records:bacen.form.errors.required') : undefined}
                data-testid="bacen-delete-reason"
              />
            }
          />
        </>
      )}
    </Stack>
  );
}
