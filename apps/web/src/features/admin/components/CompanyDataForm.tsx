import { Button, Group, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import type { Company, CompanyBody } from '../api/admin-api';
import { CHANNEL_STATUSES, companyFieldOf, toFormValues } from '../lib/company-form';
import { CompanyIdentityFields, useCompanyForm } from './CompanyIdentityFields';

interface Props {
  company: Company;
  /** which of the general configuration's tabs: the company's data, or its modules */
  part: 'data' | 'modules';
  submitting: boolean;
  onSubmit: (body: Partial<CompanyBody>) => Promise<unknown>;
}

/**
 * The fields of the general configuration: name, country and language ('data'), or the massive bulks flag and the
 * allegations channel ('modules'). A server error naming a field is shown under it.
 */
export function CompanyDataForm({ company, part, submitting, onSubmit }: Props) {
  const { t } = useTranslation(['admin', 'companyConfig']);
  const form = useCompanyForm(toFormValues(company), part === 'data');
  const submit = submitWithFieldErrors(
    form,
    (v) =>
      onSubmit(
        part === 'data'
          ? {
              name: v.name.trim(),
              country: v.country.toUpperCase(),
              ...(v.language ? { language: v.language } : {}),
              settings: { taxId: v.taxId.trim() },
            }
          : { massiveBulks: v.massiveBulks, allegationsChannelStatus: v.allegationsChannelStatus },
      ),
    companyFieldOf,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        {part === 'data' ? (
          <CompanyIdentityFields form={form} />
        ) : (
          <>
            <Switch
              label={t('admin:companyForm.massiveBulks')}
              description={t('companyConfig:general.massiveBulksHint')}
              data-testid="company-massiveBulks"
              {...form.getInputProps('massiveBulks', { type: 'checkbox' })}
            />
            <Switch
              label={t('admin:companyForm.allegationsChannelStatus')}
              description={t('companyConfig:general.channelHint')}
              data-testid="company-allegations"
              checked={form.values.allegationsChannelStatus === 'active'}
              onChange={(e) =>
                form.setFieldValue(
                  'allegationsChannelStatus',
                  e.currentTarget.checked ? CHANNEL_STATUSES[0] : CHANNEL_STATUSES[1],
                )
              }
            />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} data-testid="company-save">
            {t('admin:companyForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
