import { Anchor, Badge, Box, Group, NavLink, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { adminApi } from '../api/admin-api';
import { adminKeys } from '../keys';
import { COMPANY_TABS, companyTabOf, companyTabPath } from '../lib/company-tabs';
import type { EditedCompanyContext } from '../lib/edited-company';
import { LoadError } from './LoadError';

/**
 * The company edit area (/regcheck/companies/:id/edit/*): the company's name, the tabs as a navigation on the left
 * and the tab's page on the right, which reads the company with useEditedCompany().
 */
export function CompanyEditLayout() {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const company = useQuery({ queryKey: adminKeys.company(id), queryFn: () => adminApi.company(id) });
  const active = companyTabOf(pathname);
  const name = company.data?.name ?? '';

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Box miw={0}>
          <Text size="sm" c="dimmed">
            {t('companyConfig:layout.kicker')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Tooltip label={name} disabled={name.length <= 40} withinPortal>
              <Title order={2} lineClamp={1} data-testid="company-edit-title">
                {company.isPending ? t('companyConfig:layout.loading') : name}
              </Title>
            </Tooltip>
            {company.data?.status === 'inactive' && (
              <Badge color="gray" variant="light">
                {t('admin:status.inactive')}
              </Badge>
            )}
          </Group>
        </Box>
        <Anchor component={Link} to="/regcheck/companies" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t('admin:companyForm.back')}
          </Group>
        </Anchor>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Box component="nav" aria-label={t('companyConfig:layout.tabs')} w={220} style={{ flexShrink: 0 }}>
          {COMPANY_TABS.map((tab) => (
            <NavLink
              key={tab.segment}
              component={Link}
              to={companyTabPath(id, tab.segment)}
              label={t(tab.labelKey)}
              active={tab.segment === active}
              variant="light"
              aria-current={tab.segment === active ? 'page' : undefined}
              data-testid={`company-tab-${tab.segment}`}
            />
          ))}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {company.isPending ? (
            <Skeleton height={320} data-testid="company-loading" />
          ) : company.error || !company.data ? (
            <LoadError
              title={t('admin:companyForm.loadError')}
              error={company.error}
              onRetry={() => void company.refetch()}
            />
          ) : (
            <Outlet context={{ company: company.data } satisfies EditedCompanyContext} />
          )}
        </Box>
      </Group>
    </Stack>
  );
}
