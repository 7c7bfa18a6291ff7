import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tagsKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { type TagInUse, usersApi } from '../api/users-api';

/** The tags on the company's records today (fichas and operations), with how many records carry each. */
export function TagsInUsePanel() {
  const { t } = useTranslation('users');
  const inUse = useQuery({ queryKey: tagsKeys.inUse(), queryFn: () => usersApi.tagsInUse() });
  useErrorToast(inUse.error);
  const columns: Column<TagInUse>[] = [
    { key: 'name', header: t('users:tagsInUse.name'), render: (r) => <Badge variant="light">{r.name}</Badge> },
    {
      key: 'appliesTo',
      header: t('users:tagsInUse.appliesTo'),
      render: (r) => <Text size="sm">{t(`users:tagsInUse.on.${r.appliesTo}`)}</Text>,
    },
    {
      key: 'records',
      header: t('users:tagsInUse.records'),
      render: (r) => <Text size="sm">{t(`users:tagsInUse.count.${r.appliesTo}`, { count: r.records })}</Text>,
    },
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('users:tagsInUse.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('users:tagsInUse.help')}
        </Text>
        <DataTable
          testId="tags-in-use"
          columns={columns}
          rows={inUse.data}
          getId={(r) => `${r.appliesTo}:${r.name}`}
          loading={inUse.isPending}
          emptyText={t('users:tagsInUse.empty')}
        />
      </Stack>
    </Paper>
  );
}
