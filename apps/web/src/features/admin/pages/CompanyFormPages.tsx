import { Anchor, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { adminKeys } from '../../../app/query/keys/admin-keys';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { adminApi } from '../api/admin-api';
import { CompanyForm } from '../components/CompanyForm';
import { CompanyLogoCard } from '../components/CompanyLogoCard';
import { CompanyUsersCard } from '../components/CompanyUsersCard';
import { LoadError } from '../components/LoadError';
import { type CompanyFormValues, emptyCompanyForm, toFormValues, toPayload } from '../lib/company-form';

/** /regcheck/companies/create: a new obliged subject; back to the list on success. */
export function CompanyCreatePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (values: CompanyFormValues) => adminApi.createCompany(toPayload(values)),
    onSuccess: () => {
      notifySuccess(t('admin:companyForm.created'));
      void qc.invalidateQueries({ queryKey: adminKeys.companies });
      void navigate('/regcheck/companies');
    },
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('admin:companyForm.createTitle')}</Title>
      <CompanyForm
        initial={emptyCompanyForm()}
        submitting={create.isPending}
        onSubmit={(v) => create.mutateAsync(v)}
        onCancel={() => navigate('/regcheck/companies')}
      />
    </Stack>
  );
}

/** /regcheck/companies/:id/edit (and /profile): the obliged subject's fields. */
export function CompanyEditPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const company = useQuery({ queryKey: adminKeys.company(id), queryFn: () => adminApi.company(id) });
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => adminApi.deleteCompany(id),
    onSuccess: () => {
      setDeleting(false);
      notifySuccess(t('admin:companyAdmin.deleted'));
      void qc.invalidateQueries({ queryKey: adminKeys.companies });
      void navigate('/regcheck/companies');
    },
    onError: (e: Error) => {
      setDeleting(false);
      notifyError(errorMessage(e));
    },
  });
  const update = useMutation({
    mutationFn: (values: CompanyFormValues) => adminApi.updateCompany(id, toPayload(values)),
    onSuccess: (saved) => {
      notifySuccess(t('admin:companyForm.updated'));
      qc.setQueryData(['admin', 'company', id], saved);
      void qc.invalidateQueries({ queryKey: adminKeys.companies });
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('admin:companyForm.editTitle')}</Title>
        <Group gap="md">
          <Anchor component={Link} to={`/regcheck/companies/${id}/edit/riskConfiguration`} size="sm">
            <Group gap={4}>
              <IconAdjustmentsHorizontal size={16} />
              {t('admin:companies.riskConfiguration')}
            </Group>
          </Anchor>
          <Anchor component={Link} to={`/regcheck/companies/${id}/edit/anexosFormularios`} size="sm">
            {t('forms:builder.title')}
          </Anchor>
          <Anchor component={Link} to={`/regcheck/companies/${id}/edit/dofPannel`} size="sm">
            {t('forms:rules.title')}
          </Anchor>
          <Anchor component={Link} to="/regcheck/companies" size="sm">
            {t('admin:companyForm.back')}
          </Anchor>
        </Group>
      </Group>
      {company.isPending ? (
        <Skeleton height={320} maw={640} data-testid="company-loading" />
      ) : company.error || !company.data ? (
        <LoadError
          title={t('admin:companyForm.loadError')}
          error={company.error}
          onRetry={() => void company.refetch()}
        />
      ) : (
        <>
          <CompanyForm
            key={company.data.id}
            initial={toFormValues(company.data)}
            submitting={update.isPending}
            onSubmit={(v) => update.mutateAsync(v)}
            onCancel={() => navigate('/regcheck/companies')}
          />
          <CompanyLogoCard company={company.data} />
          <CompanyUsersCard company={company.data} />
          {company.data.status === 'active' && (
            <Group>
              <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="company-delete">
                {t('admin:companyAdmin.delete')}
              </Button>
            </Group>
          )}
          <ConfirmModal
            opened={deleting}
            title={t('admin:companyAdmin.delete')}
            message={t('admin:companyAdmin.deleteMessage', { name: company.data.name })}
            confirmLabel={t('admin:companyAdmin.delete')}
            color="red"
            loading={remove.isPending}
            onCancel={() => setDeleting(false)}
            onConfirm={() => remove.mutate()}
          />
        </>
      )}
    </Stack>
  );
}
