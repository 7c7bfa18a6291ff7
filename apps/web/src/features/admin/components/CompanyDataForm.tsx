import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { companyTaxIdType } from '@regcheck/shared/documents/index';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import type { Company, CompanyBody } from '../api/admin-api';
import {
  CHANNEL_STATUSES,
  COMPANY_LANGUAGES,
  type CompanyFormValues,
  companyFieldOf,
  NAME_MAX,
  toFormValues,
  validate,
} from '../lib/company-form';
import { countryLanguageOf } from '../lib/risk-config';

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
  const { t, i18n } = useTranslation(['admin', 'companyConfig']);
  const lang = countryLanguageOf(i18n.language);
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(company),
    validate: (values) => {
      if (part !== 'data') return {};
      const errors = validate(values);
      return Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
    },
  });
  const countries = useMemo(
    () => orderedCountries(null, lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [lang],
  );
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
          <>
            <TextInput
              label={t('admin:companyForm.name')}
              required
              maxLength={NAME_MAX}
              data-testid="company-name"
              {...form.getInputProps('name')}
            />
            <Select
              label={t('admin:companyForm.country')}
              required
              searchable
              data={countries}
              maxDropdownHeight={350}
              // choosing the country already chosen keeps it (a second click would leave the field empty, issue 27)
              data-testid="company-country"
              {...form.getInputProps('country')}
              onChange={(v) => form.setFieldValue('country', v ?? '')}
            />
            <TextInput
              label={t('admin:companyForm.taxId', { type: companyTaxIdType(form.values.country) })}
              description={t('admin:companyForm.taxIdHint')}
              maxLength={30}
              data-testid="company-taxId"
              {...form.getInputProps('taxId')}
            />
            <Select
              label={t('admin:companyForm.language')}
              data={[
                { value: '', label: t('admin:companyForm.languageAuto') },
                ...COMPANY_LANGUAGES.map((l) => ({ value: l, label: t(`admin:languages.${l}`) })),
              ]}
              data-testid="company-language"
              {...form.getInputProps('language')}
              onChange={(v) => form.setFieldValue('language', (v ?? '') as CompanyFormValues['language'])}
            />
          </>
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
