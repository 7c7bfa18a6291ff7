import { Select, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { companyTaxIdType } from '@regcheck/shared/documents/index';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_LANGUAGES, type CompanyFormValues, NAME_MAX, validate } from '../lib/company-form';
import { countryLanguageOf } from '../lib/risk-config';

/** The company form's state, its identity checked (`checked` false: a part of the form without those fields). */
export function useCompanyForm(initialValues: CompanyFormValues, checked = true) {
  const { t } = useTranslation('admin');
  return useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) =>
      checked ? Object.fromEntries(Object.entries(validate(values)).map(([k, key]) => [k, t(key)])) : {},
  });
}

/**
 * The obliged subject's name, country, tax id and language: the create and edit pages (CompanyForm) and the general
 * configuration's data tab (CompanyDataForm).
 */
export function CompanyIdentityFields({ form }: { form: UseFormReturnType<CompanyFormValues> }) {
  const { t, i18n } = useTranslation('admin');
  const lang = countryLanguageOf(i18n.language);
  const countries = useMemo(
    () => orderedCountries(null, lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [lang],
  );
  return (
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
        comboboxProps={{ withinPortal: true }}
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
        comboboxProps={{ withinPortal: true }}
        data-testid="company-language"
        {...form.getInputProps('language')}
        onChange={(v) => form.setFieldValue('language', (v ?? '') as CompanyFormValues['language'])}
      />
    </>
  );
}
