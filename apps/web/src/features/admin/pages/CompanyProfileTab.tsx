import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countryName, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { adminApi } from '../api/admin-api';
import { CommercialActivityCard } from '../components/CommercialActivityCard';
import { CompanyLogoCard } from '../components/CompanyLogoCard';
import { CompanySignaturesCard } from '../components/CompanySignaturesCard';
import { CompanyUsersCard } from '../components/CompanyUsersCard';
import { adminKeys } from '../keys';
import { useEditedCompany } from '../lib/edited-company';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value || '-'}
      </Text>
    </div>
  );
}

/**
 * The profile tab (/regcheck/companies/:id/edit and /edit/profile): what the obliged subject is (country, language,
 * status, commercial activity), its logo and signatures, its users, and its deletion.
 */
export function CompanyProfileTab() {
  const { t, i18n } = useTranslation(['companyConfig', 'admin']);
  const company = useEditedCompany();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => adminApi.deleteCompany(company.id),
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
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={4}>{t('companyConfig:profile.heading')}</Title>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Fact label={t('admin:companyForm.country')} value={countryName(company.country, i18n.language)} />
            <Fact label={t('admin:companyForm.language')} value={t(`admin:languages.${company.language}`)} />
            <Fact label={t('companyConfig:profile.status')} value={t(`admin:status.${company.status}`)} />
            <Fact label={t('companyConfig:profile.createdAt')} value={formatDay(company.createdAt)} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <CommercialActivityCard company={company} />
      <CompanyLogoCard company={company} />
      <CompanySignaturesCard company={company} />
      <CompanyUsersCard company={company} />
      {company.status === 'active' && (
        <Group>
          <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="company-delete">
            {t('admin:companyAdmin.delete')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        {...askWhile(deleting, setDeleting, remove)}
        danger={t('admin:companyAdmin.delete')}
        message={t('admin:companyAdmin.deleteMessage', { name: company.name })}
      />
    </Stack>
  );
}
