import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconAdjustmentsHorizontal, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedList } from '../../../app/query/usePagedList';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { EditAction, RowAction } from '../../../app/ui/RowAction';
import { adminApi, type Company } from '../api/admin-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';
import { countryLabel, countryLanguageOf } from '../lib/risk-config';

/** Obliged subjects: paginated table with a link to each one's edit form and risk configuration. */
export function CompaniesListPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = countryLanguageOf(i18n.language);
  // the companies endpoint pages by limit and skip only (no where, its own order)
  const { list, count, pagination } = usePagedList({
    where: {},
    order: '',
    listKey: (f) => adminKeys.companyList(f.limit, f.skip),
    countKey: adminKeys.companyCount,
    fetchList: (f) => adminApi.companies(f.limit, f.skip),
    fetchCount: () => adminApi.companiesCount(),
  });

  const columns: Column<Company>[] = [
    {
      key: 'name',
      header: t('admin:companies.columns.name'),
      render: (c) => (
        <Anchor component={Link} to={`/regcheck/companies/${c.id}/edit`} size="sm">
          {c.name}
        </Anchor>
      ),
    },
    { key: 'country', header: t('admin:companies.columns.country'), render: (c) => countryLabel(c.country, lang) },
    {
      key: 'language',
      header: t('admin:companies.columns.language'),
      render: (c) => t(`admin:languages.${c.language}`),
    },
    {
      key: 'massiveBulks',
      header: t('admin:companies.columns.massiveBulks'),
      render: (c) => (c.massiveBulks ? t('admin:yes') : t('admin:no')),
    },
    {
      key: 'allegations',
      header: t('admin:companies.columns.allegationsChannel'),
      render: (c) => t(`admin:status.${c.allegationsChannelStatus}`),
    },
    {
      key: 'status',
      header: t('admin:companies.columns.status'),
      render: (c) => (
        <Badge size="sm" variant="light" color={c.status === 'active' ? 'teal' : 'gray'}>
          {t(`admin:status.${c.status}`)}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      header: t('admin:companies.columns.createdAt'),
      render: (c) => <Text size="sm">{formatDate(c.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('admin:companies.columns.actions'),
      width: 100,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <EditAction label={t('admin:companies.edit')} to={`/regcheck/companies/${c.id}/edit`} />
          <RowAction
            label={t('admin:companies.riskConfiguration')}
            icon={<IconAdjustmentsHorizontal size={16} />}
            to={`/regcheck/companies/${c.id}/edit/riskConfiguration`}
            testId="company-risk-link"
          />
        </Group>
      ),
    },
  ];

  const error = list.error ?? count.error;

  return (
    <Stack gap="md">
      <PageHeader title={t('admin:companies.title')}>
        <Button
          component={Link}
          to="/regcheck/companies/create"
          leftSection={<IconPlus size={16} />}
          data-testid="company-new"
        >
          {t('admin:companies.new')}
        </Button>
      </PageHeader>
      {error && !list.data ? (
        <LoadError
          title={t('admin:companies.loadError')}
          error={error}
          onRetry={() => {
            void list.refetch();
            void count.refetch();
          }}
        />
      ) : (
        <DataTable
          testId="companies-table"
          columns={columns}
          rows={list.data}
          loading={list.isPending}
          emptyText={t('admin:companies.empty')}
          pagination={pagination}
        />
      )}
    </Stack>
  );
}
