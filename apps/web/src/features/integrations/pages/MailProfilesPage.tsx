import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { type MailProfile, mailProfilesApi } from '../api/mail-profiles-api';
import { integrationsKeys } from '../keys';

/** /tools/mailcustomization: the company's e-mail profiles; the active one dresses every e-mail it sends. */
export function MailProfilesPage() {
  const { t } = useTranslation('forms');
  const list = useQuery({ queryKey: integrationsKeys.mailProfiles, queryFn: mailProfilesApi.list });
  useErrorToast(list.error);
  const columns: Column<MailProfile>[] = [
    {
      key: 'name',
      header: t('forms:mailProfiles.profileName'),
      render: (p) => (
        <Link to={`/tools/mailcustomization/${p.id}`} data-testid={`mail-profile-${p.id}`}>
          {p.profileName}
        </Link>
      ),
    },
    { key: 'company', header: t('forms:mailProfiles.companyName'), render: (p) => p.companyName },
    { key: 'reply', header: t('forms:mailProfiles.replyEmail'), render: (p) => p.replyEmail },
    {
      key: 'template',
      header: t('forms:mailProfiles.templateType'),
      render: (p) =>
        p.templateType === 'specific'
          ? t('forms:mailProfiles.specificWithKey', { key: p.templateKey })
          : t('forms:mailProfiles.default'),
    },
    {
      key: 'active',
      header: t('forms:mailProfiles.status'),
      render: (p) =>
        p.active ? (
          <Badge color="green">{t('forms:mailProfiles.active')}</Badge>
        ) : (
          <Badge color="gray">{t('forms:mailProfiles.inactive')}</Badge>
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('forms:mailProfiles.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('forms:mailProfiles.intro')}
          </Text>
        </Stack>
        <Button component={Link} to="/tools/mailcustomization/new" leftSection={<IconPlus size={16} />}>
          {t('forms:mailProfiles.create')}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('forms:mailProfiles.empty')}
        testId="mail-profiles"
      />
    </Stack>
  );
}
