import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { PageHeader } from '../../../app/ui/PageHeader';
import { useRunFicha } from '../../fichas';
import { BacenReportsTable } from '../components/BacenReportsTable';

/**
 * /home/records/:run/bacenCircular6: the fraud-indication records of one person. `run` is the ficha id or its
 * document (CPF/CNPJ in any format), resolved to the ficha first: the records are filed and listed by ficha id.
 */
export function BacenPersonPage() {
  const { t } = useTranslation('records');
  const { run = '' } = useParams();
  const ficha = useRunFicha(run);
  const base = `/home/records/${encodeURIComponent(run)}/bacenCircular6`;
  return (
    <Stack gap="md">
      <PageHeader title={t('records:bacen.personTitle')}>
        {ficha.data && (
          <Button
            component={Link}
            to={`/home/bacen/new?fichaId=${encodeURIComponent(ficha.data.id)}`}
            leftSection={<IconPlus size={16} />}
            data-testid="bacen-person-new"
          >
            {t('records:bacen.new')}
          </Button>
        )}
      </PageHeader>
      {ficha.isLoading && <Skeleton height={200} />}
      {ficha.error && (
        <Alert color="yellow" data-testid="bacen-person-error">
          {ficha.error.message}
        </Alert>
      )}
      {ficha.data && (
        <>
          <Text data-testid="bacen-person">{`${ficha.data.fullName} · ${displayDni(ficha.data.dni)}`}</Text>
          <BacenReportsTable fichaId={ficha.data.id} detailBase={base} />
        </>
      )}
    </Stack>
  );
}
