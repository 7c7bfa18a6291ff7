import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { adminKeys } from '../../../app/query/keys/admin-keys';
import { adminApi, type Company } from '../api/admin-api';

/** The obliged subject's logo (shown on its forms and reports) and its upload. */
export function CompanyLogoCard({ company }: { company: Company }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const logo = useQuery({
    queryKey: ['admin', 'logo', company.id, company.hasLogo === true],
    queryFn: () => adminApi.logoUrl(company.id),
    enabled: company.hasLogo === true,
  });
  useEffect(
    () => () => {
      if (logo.data) URL.revokeObjectURL(logo.data);
    },
    [logo.data],
  );
  const upload = useMutation({
    mutationFn: (file: File) => adminApi.uploadLogo(company.id, file),
    onSuccess: (saved) => {
      notifySuccess(t('admin:companyAdmin.logoSaved'));
      qc.setQueryData(adminKeys.company(company.id), saved);
      void qc.invalidateQueries({ queryKey: ['admin', 'logo', company.id] });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="sm">
        <Title order={4}>{t('admin:companyAdmin.logo')}</Title>
        <Group gap="lg" align="center">
          {logo.data ? (
            <Image
              src={logo.data}
              alt={t('admin:companyAdmin.logoAlt', { name: company.name })}
              h={64}
              w={240}
              fit="contain"
              data-testid="company-logo"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('admin:companyAdmin.noLogo')}
            </Text>
          )}
          <Stack gap={4}>
            <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconPhoto size={14} />}
                  loading={upload.isPending}
                  data-testid="company-logo-upload"
                >
                  {company.hasLogo ? t('admin:companyAdmin.changeLogo') : t('admin:companyAdmin.addLogo')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('admin:companyAdmin.logoHelp')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
