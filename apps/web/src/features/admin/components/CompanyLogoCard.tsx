import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../app/ui/ImageUpload';
import { adminApi, type Company } from '../api/admin-api';
import { adminKeys } from '../keys';

/** The obliged subject's logo (shown on its forms and reports) and its upload. */
export function CompanyLogoCard({ company }: { company: Company }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={4}>{t('admin:companyAdmin.logo')}</Title>
        <ImageUpload
          imageKey={adminKeys.logo(company.id)}
          versionKey={adminKeys.logoVersion(company.id, String(company.hasLogo === true))}
          hasImage={company.hasLogo === true}
          load={() => adminApi.logoUrl(company.id)}
          upload={(file) => adminApi.uploadLogo(company.id, file)}
          onSaved={(saved) => qc.setQueryData(adminKeys.company(company.id), saved)}
          savedMessage={t('admin:companyAdmin.logoSaved')}
          buttonLabel={company.hasLogo ? t('admin:companyAdmin.changeLogo') : t('admin:companyAdmin.addLogo')}
          help={t('admin:companyAdmin.logoHelp')}
          testId="company-logo-upload"
        >
          {(src) =>
            src ? (
              <Image
                src={src}
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
            )
          }
        </ImageUpload>
      </Stack>
    </Paper>
  );
}
