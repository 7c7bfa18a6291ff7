import { Select, type SelectProps } from '@mantine/core';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyCountry } from '../session/useCompanyCountry';

/** Countries ordered for the company (Chile or Brazil first), named in the interface language. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useTranslation();
  const company = useCompanyCountry();
  const lang = i18n.language === 'pt-BR' ? 'pt' : i18n.language === 'en' ? 'en' : 'es';
  const data = useMemo(
    () => orderedCountries(company, lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [company, lang],
  );
  return <Select searchable maxDropdownHeight={350} comboboxProps={{ withinPortal: true }} {...props} data={data} />;
}
