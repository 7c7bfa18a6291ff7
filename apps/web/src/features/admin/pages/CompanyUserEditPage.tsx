import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { assignableRoles } from '@regcheck/shared/permissions';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { EditUserForm, type toFormValues, toPayload } from '../../users';
import { adminApi } from '../api/admin-api';
import { adminKeys } from '../keys';
import { companyTabPath } from '../lib/company-tabs';
import { useEditedCompany } from '../lib/edited-company';

/**
 * editUser/:userid: a user of the company edited by the super administrator (name, role among the roles the admin
 * module assigns, language, active). Another company's user is not found.
 */
export function CompanyUserEditPage() {
  const { t } = useTranslation(['companyConfig', 'users']);
  const company = useEditedCompany();
  const { userid = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const back = companyTabPath(company.id, 'profile');
  const user = useQuery({ queryKey: adminKeys.user(userid), queryFn: () => adminApi.user(userid) });
  const roles = assignableRoles('superAdmin', 'adminModule', {
    allegationsChannelActive: company.allegationsChannelStatus === 'active',
  });
  const update = useMutation({
    mutationFn: (v: ReturnType<typeof toFormValues>) => adminApi.updateUser(userid, toPayload(v, 'edit')),
    onSuccess: (u) => {
      qc.setQueryData(adminKeys.user(userid), u);
      void qc.invalidateQueries({ queryKey: adminKeys.companyUsers(company.id) });
      notifySuccess(t('users:form.updated', { name: u.name }));
    },
  });
  const foreign = user.data && user.data.companyId !== company.id;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4}>{t('companyConfig:user.heading')}</Title>
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t('companyConfig:user.back')}
          </Group>
        </Anchor>
      </Group>
      {user.isPending ? (
        <Skeleton height={360} maw={640} />
      ) : user.error || !user.data || foreign ? (
        <Paper withBorder p="lg" maw={640}>
          <Text c="red.9" data-testid="company-user-error">
            {foreign || !user.data ? t('companyConfig:user.notFound') : errorMessage(user.error)}
          </Text>
        </Paper>
      ) : (
        <EditUserForm user={user.data} roles={roles} save={update} onCancel={() => navigate(back)} />
      )}
    </Stack>
  );
}
