import { Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../app/notify/notify';
import { adminApi } from '../api/admin-api';
import { CompanyForm } from '../components/CompanyForm';
import { adminKeys } from '../keys';
import { type CompanyFormValues, emptyCompanyForm, toPayload } from '../lib/company-form';

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
