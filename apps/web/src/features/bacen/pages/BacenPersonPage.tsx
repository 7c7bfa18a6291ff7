import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BacenReportsTable } from '../components/BacenReportsTable';

/** /home/records/:run/bacenCircular6: the fraud-indication records of one person (its ficha). */
export function BacenPersonPage() {
  const { t } = useTranslation('records');
  const { run = '' } = useParams();
  const base = `/home/records/${encodeURIComponent(run)}/bacenCircular6`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('records:bacen.personTitle')}</Title>
        <Button
          component={Link}
          to={`/home/bacen/new?fichaId=${encodeURIComponent(run)}`}
          leftSection={<IconPlus size={16} />}
        >
          {t('records:bacen.new')}
        </Button>
      </Group>
      <BacenReportsTable fichaId={run} detailBase={base} />
    </Stack>
  );
}
