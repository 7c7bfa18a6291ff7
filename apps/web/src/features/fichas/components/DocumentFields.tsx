import { Group, Select, Text, TextInput } from '@mantine/core';
import { documentTypesFor, type PersonType } from '@regcheck/shared/documents/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../app/ui/CountrySelect';
import { coerceDocumentType, documentState } from '../lib/ficha-form';

interface Props {
  personType: PersonType;
  country: string;
  documentType: string;
  dni: string;
  onChange: (patch: { country?: string; documentType?: string; dni?: string }) => void;
  errors: { country?: string; documentType?: string; dni?: string };
  testPrefix?: string;
}

/**
 * Country of the document, document type (only the country's types for the person type) and the number, checked
 * as it is typed: the display format (12.345.678-5, 000.000.000-00, 00.000.000/0000-00) shows under the field.
 */
export function DocumentFields({ personType, country, documentType, dni, onChange, errors, testPrefix = '' }: Props) {
  const { t } = useTranslation('fichas');
  const [touched, setTouched] = useState(false);
  const state = documentState(country, personType, documentType, dni);
  const live = touched && state.problem ? t(`fichas:${state.problem.key}`, state.problem.params) : undefined;
  return (
    <Group grow align="flex-start" wrap="wrap">
      <CountrySelect
        label={t('fichas:form.fields.documentCountry')}
        value={country}
        onChange={(c) => {
          if (!c) return;
          onChange({ country: c, documentType: coerceDocumentType(c, personType, documentType) });
        }}
        error={errors.country}
        data-testid={`${testPrefix}document-country`}
      />
      <Select
        label={t('fichas:form.fields.documentType')}
        data={documentTypesFor(country, personType).map((d) => ({ value: d, label: t(`fichas:documentTypes.${d}`) }))}
        value={documentType}
        onChange={(d) => d && onChange({ documentType: d })}
        error={errors.documentType}
        data-testid={`${testPrefix}document-type`}
      />
      <TextInput
        label={t('fichas:form.fields.dni')}
        withAsterisk
        value={dni}
        onChange={(e) => onChange({ dni: e.currentTarget.value })}
        onBlur={() => setTouched(true)}
        description={
          state.valid && state.formatted ? (
            <Text span size="xs" c="teal" data-testid={`${testPrefix}dni-formatted`}>
              {t('fichas:form.validDocument', { formatted: state.formatted })}
            </Text>
          ) : undefined
        }
        error={errors.dni ?? live}
        data-testid={`${testPrefix}dni`}
      />
    </Group>
  );
}
