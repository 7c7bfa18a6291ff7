import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import type { FichaWithRelations } from '../api/fichas-api';
import { useRunFicha } from '../hooks/useRunFicha';
import { displayDni } from '../lib/ficha-form';

/** Frame of the /home/records/:run/... pages: loads the person's ficha and shows its name and document. */
export function RecordsLayout({
  titleKey,
  children,
}: {
  titleKey: string;
  children: (ficha: FichaWithRelations) => ReactNode;
}) {
  const { run } = useParams();
  const { t } = useTranslation('fichas');
  const q = useRunFicha(run);
  return (
    <Stack gap="md">
      <Title order={2}>{t(titleKey)}</Title>
      {q.isLoading && <Skeleton height={200} />}
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {q.data && (
        <>
          <Group gap="sm">
            <Anchor component={Link} to={`/home/fichas/${q.data.id}`} fw={600}>
              {q.data.fullName}
            </Anchor>
            <Text c="dimmed" size="sm">
              {`${q.data.dniType.document} ${displayDni(q.data)}`}
            </Text>
            <RiskBadge risk={q.data.risk} />
          </Group>
          {children(q.data)}
        </>
      )}
    </Stack>
  );
}
