import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../app/ui/PageHeader';
import { BacenReportsTable } from '../components/BacenReportsTable';
import { DeclarationBanner } from '../components/DeclarationBanner';

/** /home/bacen: the fraud-indication records (Resolução Conjunta 6/2023) and the monthly declaration reminder. */
export function BacenListPage() {
  const { t } = useTranslation('records');
  return (
    <Stack gap="md">
      <PageHeader title={t('records:bacen.title')}>
        <Button component={Link} to="/home/bacen/new" leftSection={<IconPlus size={16} />} data-testid="bacen-new">
          {t('records:bacen.new')}
        </Button>
      </PageHeader>
      <Text size="sm" c="dimmed">
        {t('records:bacen.intro')}
      </Text>
      <DeclarationBanner />
      <BacenReportsTable detailBase="/home/bacen" />
    </Stack>
  );
}
