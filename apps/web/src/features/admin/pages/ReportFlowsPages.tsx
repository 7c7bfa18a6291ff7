import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { can, type Role } from '@regcheck/shared/permissions';
import { IconArrowLeft, IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { adminApi, type ReportFlowType } from '../api/admin-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';

/** The reports a company names a responsible person for, in the order the server answers them. */
const FLOW_TYPES: readonly ReportFlowType[] = ['conflictOfInterest', 'finalBeneficiaries'];
const isFlowType = (v: string | undefined): v is ReportFlowType => FLOW_TYPES.includes(v as ReportFlowType);

function useCompanyFlows(id: string) {
  const company = useQuery({ queryKey: adminKeys.company(id), queryFn: () => adminApi.company(id) });
  const flows = useQuery({ queryKey: adminKeys.reportFlows(id), queryFn: () => adminApi.reportFlows(id) });
  return { company, flows };
}

/**
 * /regcheck/companies/{id}/edit/reportsDashboard: the company's report flows, one card per report (conflict of
 * interest, final beneficiaries) with its responsible person and a link to change it.
 */
export function ReportsDashboardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('admin');
  const { flows } = useCompanyFlows(id);
  return (
    <Stack gap="md" maw={960}>
      <Title order={3}>{t('companyConfig:tabs.reportsDashboard')}</Title>
      <Text c="dimmed">{t('admin:reportFlows.intro')}</Text>
      {flows.error ? (
        <LoadError title={t('admin:reportFlows.loadError')} error={flows.error} onRetry={() => void flows.refetch()} />
      ) : !flows.data ? (
        <Skeleton h={160} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {FLOW_TYPES.map((type) => {
            const flow = flows.data.reportFlows.find((f) => f.reportType === type);
            return (
              <Paper key={type} withBorder p="md" radius="md" data-testid={`flow-${type}`}>
                <Stack gap="xs">
                  <Title order={4}>{t(`admin:reportFlows.types.${type}`)}</Title>
                  <Text size="sm" c="dimmed">
                    {t(`admin:reportFlows.what.${type}`)}
                  </Text>
                  {flow ? (
                    <>
                      <Group gap={6}>
                        <IconUserCheck size={18} />
                        <Text fw={600} data-testid={`flow-${type}-responsible`}>
                          {flow.userName}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('admin:reportFlows.updatedAt', { date: formatDateTime(flow.updatedAt) })}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" data-testid={`flow-${type}-responsible`}>
                      {t('admin:reportFlows.nobody')}
                    </Text>
                  )}
                  <Group>
                    <Button
                      component={Link}
                      to={`/regcheck/companies/${id}/edit/reportsDashboard/${type}`}
                      variant="light"
                      size="xs"
                      data-testid={`flow-${type}-edit`}
                    >
                      {flow ? t('admin:reportFlows.change') : t('admin:reportFlows.name')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * /regcheck/companies/{id}/edit/reportsDashboard/{reportId}: names the responsible person of one report flow, a
 * user of the company whose role sees the reports (the server refuses anyone else).
 */
export function ReportFlowPage() {
  const { id = '', reportId } = useParams();
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { company, flows } = useCompanyFlows(id);
  const users = useQuery({ queryKey: adminKeys.companyUsers(id), queryFn: () => adminApi.companyUsers(id) });
  const [picked, setPicked] = useState<string | null>(null);
  const type = isFlowType(reportId) ? reportId : null;
  const current = flows.data?.reportFlows.find((f) => f.reportType === type);
  const subjectCompany = company.data
    ? { country: company.data.country, massiveBulks: company.data.massiveBulks }
    : null;
  const eligible = (users.data ?? []).filter(
    (u) => u.active && can({ role: u.role as Role, company: subjectCompany }, 'mainPanel'),
  );
  const value = picked ?? current?.uniqueId ?? null;
  const save = useMutation({
    mutationFn: () => {
      const user = eligible.find((u) => u.id === value);
      if (!type || !user) throw new Error(t('admin:reportFlows.pick'));
      return adminApi.setReportFlow(id, { reportType: type, userName: user.name, uniqueId: user.id });
    },
    onSuccess: (saved) => {
      qc.setQueryData(adminKeys.reportFlows(id), saved);
      notifySuccess(t('admin:reportFlows.saved'));
      void navigate(`/regcheck/companies/${id}/edit/reportsDashboard`);
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const back = (
    <Anchor component={Link} to={`/regcheck/companies/${id}/edit/reportsDashboard`} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('admin:reportFlows.back')}
      </Group>
    </Anchor>
  );
  if (!type)
    return (
      <Stack gap="md" maw={640}>
        <Alert color="yellow" data-testid="flow-unknown">
          {t('admin:reportFlows.unknown')}
        </Alert>
        {back}
      </Stack>
    );
  return (
    <Stack gap="md" maw={640}>
      <Group justify="space-between">
        <Title order={3}>{t(`admin:reportFlows.types.${type}`)}</Title>
        {back}
      </Group>
      <Text c="dimmed">{t(`admin:reportFlows.what.${type}`)}</Text>
      {users.error || flows.error ? (
        <LoadError
          title={t('admin:reportFlows.loadError')}
          error={users.error ?? flows.error}
          onRetry={() => void Promise.all([users.refetch(), flows.refetch()])}
        />
      ) : !users.data || !flows.data ? (
        <Skeleton h={120} />
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {eligible.length === 0 ? (
              <Alert color="yellow" data-testid="flow-no-users">
                {t('admin:reportFlows.noUsers')}
              </Alert>
            ) : (
              <Select
                label={t('admin:reportFlows.user')}
                description={t('admin:reportFlows.userHint')}
                placeholder={t('admin:reportFlows.pick')}
                data={eligible.map((u) => ({ value: u.id, label: `${u.name} (${u.roleLabel})` }))}
                value={value}
                onChange={setPicked}
                searchable
                nothingFoundMessage={t('admin:reportFlows.noMatch')}
                data-testid="flow-user"
              />
            )}
            <Group>
              <Button
                onClick={() => save.mutate()}
                loading={save.isPending}
                disabled={!value || value === current?.uniqueId}
                data-testid="flow-save"
              >
                {t('admin:reportFlows.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
