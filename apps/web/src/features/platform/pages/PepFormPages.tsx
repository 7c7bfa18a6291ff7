import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { PageHeader } from '../../../app/ui/PageHeader';
import { peopleApi } from '../api/platform-api';
import { PepFilesCard } from '../components/PepFilesCard';
import { PepForm } from '../components/PepForm';
import { PepRelatedCard } from '../components/PepRelatedCard';
import { PepStatusCard } from '../components/PepStatusCard';
import { platformKeys } from '../keys';
import { emptyPepForm, type PepFormValues, toCreatePayload, toFormValues, toUpdatePayload } from '../lib/pep-form';

function Back() {
  const { t } = useTranslation('platform');
  return (
    <Anchor component={Link} to="/regcheck/pep" size="sm">
      {t('platform:pep.form.back')}
    </Anchor>
  );
}

/** /regcheck/pep/define: a new PEP, primary (level 1) or related (level 2, ?primary=<id> chooses the primary). */
export function PepDefinePage() {
  const { t } = useTranslation('platform');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const primaryId = params.get('primary') ?? '';
  const primary = useQuery({
    queryKey: platformKeys.person(primaryId),
    queryFn: () => peopleApi.get(primaryId),
    enabled: !!primaryId,
  });
  const create = useMutation({
    mutationFn: (v: PepFormValues) => peopleApi.create(toCreatePayload(v)),
    onSuccess: (p) => {
      notifySuccess(t('platform:pep.form.created', { name: p.name }));
      void qc.invalidateQueries({ queryKey: platformKeys.people });
      void navigate(`/regcheck/pep/${p.id}/edit`);
    },
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('platform:pep.form.createTitle')}>
        <Back />
      </PageHeader>
      {primaryId && primary.isPending ? (
        <Skeleton height={420} maw={880} />
      ) : (
        <PepForm
          mode="create"
          initial={emptyPepForm(primary.data?.id ?? '')}
          initialPrimary={primary.data ?? null}
          submitting={create.isPending}
          onSubmit={(v) => create.mutateAsync(v)}
          onCancel={() => navigate('/regcheck/pep')}
        />
      )}
    </Stack>
  );
}

/** /regcheck/pep/:id/edit: the person, their status (deactivate), documents and related persons. */
export function PepEditPage() {
  const { t } = useTranslation('platform');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const person = useQuery({ queryKey: platformKeys.person(id), queryFn: () => peopleApi.get(id) });
  const primaryId = person.data?.primaryPersonId ?? '';
  const primary = useQuery({
    queryKey: platformKeys.person(primaryId),
    queryFn: () => peopleApi.get(primaryId),
    enabled: !!primaryId,
  });
  const update = useMutation({
    mutationFn: (v: PepFormValues) => peopleApi.update(id, toUpdatePayload(v)),
    onSuccess: (p) => {
      notifySuccess(t('platform:pep.form.updated', { name: p.name }));
      qc.setQueryData(platformKeys.person(id), p);
      void qc.invalidateQueries({ queryKey: platformKeys.people });
    },
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('platform:pep.form.editTitle')}>
        <Back />
      </PageHeader>
      {person.isPending || (primaryId && primary.isPending) ? (
        <Skeleton height={420} maw={880} />
      ) : person.error || !person.data ? (
        <Paper withBorder p="lg" maw={880}>
          <Text c="red.9">{errorMessage(person.error)}</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <PepStatusCard person={person.data} />
          <PepForm
            key={`${person.data.id}:${person.data.updatedAt}`}
            mode="edit"
            selfId={person.data.id}
            initial={toFormValues(person.data)}
            initialPrimary={primary.data ?? null}
            submitting={update.isPending}
            onSubmit={(v) => update.mutateAsync(v)}
            onCancel={() => navigate('/regcheck/pep')}
          />
          {person.data.pepLevel === 1 && <PepRelatedCard person={person.data} />}
          <PepFilesCard person={person.data} />
        </Stack>
      )}
    </Stack>
  );
}
