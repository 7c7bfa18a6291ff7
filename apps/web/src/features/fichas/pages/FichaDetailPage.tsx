import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconClipboardCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { FichaSignedForms } from '../../forms';
import { fichasApi } from '../api/fichas-api';
import { DocumentsPanel } from '../components/detail/DocumentsPanel';
import { EddPanel } from '../components/detail/EddPanel';
import { FichaHistorial } from '../components/detail/FichaHistorial';
import { FichaSummary } from '../components/detail/FichaSummary';
import { InspectionFileAction } from '../components/detail/InspectionFile';
import { ListsPanel } from '../components/detail/ListsPanel';
import { NextReview } from '../components/detail/NextReview';
import { RecordsMenu } from '../components/detail/RecordsMenu';
import { RelatedPanel } from '../components/detail/RelatedPanel';
import { ReviewFormModal } from '../components/detail/ReviewFormModal';
import { ReviewsPanel } from '../components/detail/ReviewsPanel';
import { RiskPanel } from '../components/detail/RiskPanel';
import { TagsPanel } from '../components/detail/TagsPanel';
import { useFichaPermissions } from '../hooks/useFichaPermissions';
import { displayDni } from '../lib/ficha-form';

/** /home/fichas/:id: identity, related persons, documents, tags, risk, list results and history of a ficha. */
export function FichaDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('fichas');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const perms = useFichaPermissions();
  const [confirm, setConfirm] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const q = useQuery({ queryKey: fichasKeys.detail(id), queryFn: () => fichasApi.withRelations(id), retry: false });
  const reviews = useQuery({
    queryKey: fichasKeys.reviews(id),
    queryFn: () => fichasApi.reviews(id),
    enabled: q.isSuccess,
    retry: false,
  });
  const edd = useQuery({
    queryKey: fichasKeys.edd(id),
    queryFn: () => fichasApi.edd(id),
    enabled: q.isSuccess,
    retry: false,
  });
  useErrorToast(q.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: fichasKeys.all });
  const remove = useMutation({
    mutationFn: (fichaId: string) => fichasApi.softDelete([fichaId]),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.deleted'));
      refresh();
      void navigate('/home/fichas');
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  if (q.isLoading) return <Skeleton height={300} />;
  const ficha = q.data;
  if (!ficha) return <Alert color="red">{q.error?.message ?? t('fichas:errors.FICHA_NOT_FOUND')}</Alert>;
  // a required enhanced due diligence still open blocks the periodic review (the server refuses it too)
  const reviewBlocked = !!edd.data?.blocksReview;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} data-testid="detail-name">
              {ficha.fullName}
            </Title>
            <RiskBadge risk={ficha.risk} />
            {ficha.status === 'inactive' && <Badge color="gray">{t('fichas:status.inactive')}</Badge>}
          </Group>
          <Text c="dimmed" size="sm">
            {`${t(`fichas:personType.${ficha.personType}`)} · ${ficha.dniType.document} ${displayDni(ficha)}`}
          </Text>
          <NextReview ficha={ficha} last={reviews.data?.[0]} />
        </Stack>
        {perms.canWrite && ficha.status === 'active' && (
          <Group gap="sm">
            <Tooltip label={t('fichas:edd.reviewBlocked')} disabled={!reviewBlocked} multiline w={320} withArrow>
              <Button
                variant="light"
                leftSection={<IconClipboardCheck size={16} />}
                onClick={() => setReviewing(true)}
                disabled={reviewBlocked}
                data-testid="detail-record-review"
              >
                {t('fichas:reviews.record')}
              </Button>
            </Tooltip>
            <Button
              component={Link}
              to={`/home/fichas/${ficha.id}/edit`}
              leftSection={<IconEdit size={16} />}
              data-testid="detail-edit"
            >
              {t('fichas:actions.edit')}
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirm(true)}>
              {t('fichas:actions.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {reviewBlocked && perms.canWrite && ficha.status === 'active' && (
        <Text size="sm" fw={500} data-testid="detail-review-blocked">
          {t('fichas:edd.reviewBlocked')}
        </Text>
      )}
      {edd.data && (
        <EddPanel
          key={edd.data.updatedAt ?? 'none'}
          edd={edd.data}
          canWrite={perms.canWrite && ficha.status === 'active'}
          canApprove={perms.canApproveEdd && ficha.status === 'active'}
        />
      )}
      {edd.isError && (
        <Alert color="red" variant="light">
          {t('fichas:edd.loadError')}
        </Alert>
      )}
      <Group gap="xs">
        <RecordsMenu ficha={ficha} />
        <InspectionFileAction fichaId={ficha.id} />
      </Group>
      <Tabs defaultValue="summary" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="summary">{t('fichas:detail.tabs.summary')}</Tabs.Tab>
          <Tabs.Tab value="related">{t('fichas:detail.tabs.related')}</Tabs.Tab>
          <Tabs.Tab value="documents">{t('fichas:detail.tabs.documents')}</Tabs.Tab>
          <Tabs.Tab value="tags">{t('fichas:detail.tabs.tags')}</Tabs.Tab>
          <Tabs.Tab value="risk">{t('fichas:detail.tabs.risk')}</Tabs.Tab>
          <Tabs.Tab value="lists">
            {t('fichas:detail.tabs.lists')}
            {ficha.listas && ficha.listas.total > 0 && (
              <Badge ml={6} size="xs" color="red">
                {ficha.listas.total}
              </Badge>
            )}
          </Tabs.Tab>
          <Tabs.Tab value="reviews">{t('fichas:detail.tabs.reviews')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('fichas:detail.tabs.history')}</Tabs.Tab>
        </Tabs.List>
        {Object.entries({
          summary: <FichaSummary ficha={ficha} />,
          related: <RelatedPanel ficha={ficha} />,
          documents: (
            <>
              <DocumentsPanel ficha={ficha} canWrite={perms.canWrite} onChanged={refresh} />
              {perms.canSeeForms && <FichaSignedForms fichaId={ficha.id} />}
            </>
          ),
          tags: <TagsPanel key={ficha.updatedAt} ficha={ficha} canWrite={perms.canWrite} onChanged={refresh} />,
          risk: (
            <RiskPanel key={ficha.updatedAt} ficha={ficha} canOverwrite={perms.canOverwriteRisk} onChanged={refresh} />
          ),
          lists: <ListsPanel ficha={ficha} canWrite={perms.canWrite} onChanged={refresh} />,
          reviews: <ReviewsPanel reviews={reviews} />,
          history: <FichaHistorial ficha={ficha} />,
        }).map(([value, panel]) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {panel}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ReviewFormModal fichaId={ficha.id} opened={reviewing} onClose={() => setReviewing(false)} />
      <ConfirmModal
        {...askFor(
          confirm,
          () => setConfirm(false),
          () => remove.mutate(ficha.id),
        )}
        title={t('fichas:list.deleteTitle')}
        message={<Text>{t('fichas:list.deleteConfirm', { count: 1 })}</Text>}
        confirmLabel={t('fichas:actions.delete')}
        color="red"
      />
    </Stack>
  );
}
