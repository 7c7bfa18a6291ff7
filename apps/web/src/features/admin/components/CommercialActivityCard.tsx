import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { adminApi, type Company } from '../api/admin-api';
import { companyConfigApi } from '../api/company-config-api';
import { adminKeys } from '../keys';

/** The company's commercial activity, chosen from the catalogue (GET /commercial-activities). */
export function CommercialActivityCard({ company }: { company: Company }) {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const qc = useQueryClient();
  const activities = useQuery({ queryKey: adminKeys.activities, queryFn: companyConfigApi.activities });
  useErrorToast(activities.error);
  const [value, setValue] = useState<string | null>(company.commercialActivityId ?? null);
  const save = useMutation({
    mutationFn: () => adminApi.updateCompany(company.id, { commercialActivityId: value }),
    onSuccess: (saved) => {
      qc.setQueryData(adminKeys.company(company.id), saved);
      notifySuccess(t('admin:companyForm.updated'));
    },
  });
  useErrorToast(save.error);
  const options = (activities.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('companyConfig:profile.activity')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:profile.activityHint')}
          </Text>
        </div>
        <Group align="flex-end" wrap="nowrap">
          <Select
            label={t('companyConfig:profile.activity')}
            placeholder={t('companyConfig:profile.activityNone')}
            data={options}
            value={value}
            onChange={setValue}
            searchable
            clearable
            maxDropdownHeight={350}
            nothingFoundMessage={t('companyConfig:common.noResults')}
            disabled={activities.isPending}
            style={{ flex: 1 }}
            data-testid="company-activity"
          />
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={value === (company.commercialActivityId ?? null)}
            data-testid="company-activity-save"
          >
            {t('companyConfig:common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
