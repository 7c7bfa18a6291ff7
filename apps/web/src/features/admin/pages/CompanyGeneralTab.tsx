import { Paper, Tabs } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../app/notify/notify';
import { adminApi, type CompanyBody } from '../api/admin-api';
import { CompanyDataForm } from '../components/CompanyDataForm';
import { CompanySsoForm } from '../components/CompanySsoForm';
import { RequestLimitForm } from '../components/RequestLimitForm';
import { adminKeys } from '../keys';
import { companyTabPath, GENERAL_TABS, generalTabOf } from '../lib/company-tabs';
import { useEditedCompany } from '../lib/edited-company';

/**
 * generalConfiguration and its tabs (/generalConfiguration/:tab): the company's data (name, country, language), its
 * modules (massive bulks, allegations channel), the contracted request limit, and single sign-on.
 */
export function CompanyGeneralTab() {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const company = useEditedCompany();
  const { tab } = useParams();
  const current = generalTabOf(tab);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const update = useMutation({
    mutationFn: (body: Partial<CompanyBody>) => adminApi.updateCompany(company.id, body),
    onSuccess: (saved) => {
      qc.setQueryData(adminKeys.company(company.id), saved);
      void qc.invalidateQueries({ queryKey: adminKeys.companies });
      notifySuccess(t('admin:companyForm.updated'));
    },
  });
  return (
    <Paper withBorder p="lg">
      <Tabs
        value={current}
        onChange={(v) => v && void navigate(companyTabPath(company.id, `generalConfiguration/${v}`))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {GENERAL_TABS.map((g) => (
            <Tabs.Tab key={g} value={g} data-testid={`general-tab-${g}`}>
              {t(`companyConfig:general.tabs.${g}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(['data', 'modules'] as const).map((part) => (
          <Tabs.Panel key={part} value={part}>
            <CompanyDataForm
              key={`${part}-${company.id}`}
              company={company}
              part={part}
              submitting={update.isPending}
              onSubmit={(b) => update.mutateAsync(b)}
            />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="limits">
          <RequestLimitForm
            company={company}
            submitting={update.isPending}
            onSubmit={(requestLimit) => update.mutateAsync({ settings: { requestLimit } })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sso">
          <CompanySsoForm company={company} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
