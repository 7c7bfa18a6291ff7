import { Button, Grid, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { type DocumentType, documentTypesFor } from '@regcheck/shared/documents/country-documents';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../app/ui/CountrySelect';
import { DateField } from '../../../app/ui/DateField';
import { canSearch, type SearchFormValues, splitsFamilyNames, validate } from '../lib/search-form';

interface Props {
  values: SearchFormValues;
  onChange: (v: SearchFormValues) => void;
  onSubmit: () => void;
  onClear: () => void;
  loading: boolean;
}

/** Name (or given names and both family names for natural persons in Chile), document, country, person type. */
export function SearchForm({ values, onChange, onSubmit, onClear, loading }: Props) {
  const { t } = useTranslation('screening');
  const set = (patch: Partial<SearchFormValues>) => onChange({ ...values, ...patch });
  const docTypes = documentTypesFor(values.country, values.personType);
  const split = splitsFamilyNames(values.country, values.personType);
  const docType = docTypes.includes(values.documentType as DocumentType) ? values.documentType : (docTypes[0] ?? '');
  // the document's check shows once it looks whole (a RUT typed digit by digit is not wrong yet)
  const dniError = values.dni.trim().length >= 7 && validate(values).dni === 'documentInvalid';

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (canSearch(values) && !validate(values).dni) onSubmit();
      }}
      data-testid="person-consult-form"
    >
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SegmentedControl
            fullWidth
            aria-label={t('screening:consult.personType')}
            value={values.personType}
            onChange={(v) => set({ personType: v as 'natural' | 'legal' })}
            data={[
              { value: 'natural', label: t('screening:consult.natural') },
              { value: 'legal', label: t('screening:consult.legal') },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CountrySelect
            label={t('screening:consult.country')}
            value={values.country}
            onChange={(v) => set({ country: v ?? '' })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: split ? 4 : 12 }}>
          <TextInput
            label={
              split
                ? t('screening:consult.givenNames')
                : values.personType === 'legal'
                  ? t('screening:consult.socialReason')
                  : t('screening:consult.name')
            }
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={300}
            name="name"
          />
        </Grid.Col>
        {split && (
          <>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label={t('screening:consult.fatherName')}
                value={values.fatherName}
                onChange={(e) => set({ fatherName: e.currentTarget.value })}
                name="fatherName"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label={t('screening:consult.motherName')}
                value={values.motherName}
                onChange={(e) => set({ motherName: e.currentTarget.value })}
                name="motherName"
              />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label={t('screening:consult.documentType')}
            value={docType}
            onChange={(v) => set({ documentType: v ?? '' })}
            data={docTypes.map((d) => ({ value: d, label: t(`fichas:documentTypes.${d}`) }))}
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label={t('screening:consult.document')}
            value={values.dni}
            onChange={(e) => set({ dni: e.currentTarget.value })}
            maxLength={40}
            name="dni"
            error={
              dniError
                ? t('screening:consult.documentInvalid', {
                    document: t(`fichas:documentTypes.${docType}`),
                    country: values.country,
                  })
                : undefined
            }
            data-testid="consult-dni"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label={t('screening:consult.city')}
            value={values.city}
            onChange={(e) => set({ city: e.currentTarget.value })}
            maxLength={120}
            name="city"
          />
        </Grid.Col>
        {values.personType === 'natural' && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DateField
              label={t('screening:consult.birthDate')}
              value={values.birthDate}
              onChange={(v) => set({ birthDate: v })}
            />
          </Grid.Col>
        )}
      </Grid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClear} disabled={loading}>
          {t('screening:consult.clear')}
        </Button>
        <Button
          type="submit"
          leftSection={<IconSearch size={16} />}
          loading={loading}
          disabled={!canSearch(values) || !!validate(values).dni}
          title={canSearch(values) ? undefined : t('screening:consult.nameOrDocument')}
        >
          {t('screening:consult.search')}
        </Button>
      </Group>
    </form>
  );
}
