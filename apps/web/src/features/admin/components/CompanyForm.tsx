import { Button, Group, Paper, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { companyTaxIdType } from '@regcheck/shared/documents/index';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import {
  CHANNEL_STATUSES,
  COMPANY_LANGUAGES,
  type CompanyFormValues,
  companyFieldOf,
  NAME_MAX,
  validate,
} from '../lib/company-form';
import { countryLanguageOf } from '../lib/risk-config';

interface Props {
  initial: CompanyFormValues;
  submitting: boolean;
  /** resolves when saved; a rejected ApiError naming a field is shown under that field */
  onSubmit: (values: CompanyFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The obliged subject's fields, shared by the create and edit pages. */
export function CompanyForm({ initial, submitting, onSubmit, onCancel }: Props) {
  const { t, i18n } = useTranslation('admin');
  const lang = countryLanguageOf(i18n.language);
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const errors = validate(values);
      return Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, t(key)]));
    },
  });
  const countries = useMemo(
    () => orderedCountries(null, lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [lang],
  );

  const submit = submitWithFieldErrors(form, onSubmit, companyFieldOf);

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
            comboboxProps={{ withinPortal: true }}
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
            comboboxProps={{ withinPortal: true }}
            data-testid="company-language"
            {...form.getInputProps('language')}
            onChange={(v) => form.setFieldValue('language', (v ?? '') as CompanyFormValues['language'])}
          />
          <Select
            label={t('admin:companyForm.allegationsChannelStatus')}
            data={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`admin:status.${s}`) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="company-allegations"
            {...form.getInputProps('allegationsChannelStatus')}
            onChange={(v) => form.setFieldValue('allegationsChannelStatus', v === 'active' ? 'active' : 'inactive')}
          />
          <Switch
            label={t('admin:companyForm.massiveBulks')}
            data-testid="company-massiveBulks"
            {...form.getInputProps('massiveBulks', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('admin:companyForm.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="company-save">
              {t('admin:companyForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
