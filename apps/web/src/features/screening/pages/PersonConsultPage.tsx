import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { defaultDocumentType } from '@regcheck/shared/documents/country-documents';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { useCompanyCountry } from '../../fichas/hooks/useCompanyCountry';
import { screeningApi } from '../api/screening-api';
import { ScreeningResults } from '../components/ScreeningResults';
import { SearchForm } from '../components/SearchForm';
import { type SearchFormValues, toSearchBody } from '../lib/search-form';

function emptyForm(country: string): SearchFormValues {
  return {
    personType: 'natural',
    country,
    name: '',
    fatherName: '',
    motherName: '',
    documentType: defaultDocumentType(country, 'natural'),
    dni: '',
    birthDate: '',
    city: '',
  };
}

/** /home/person/consult: screen a person or company by name and/or document against every list. */
export function PersonConsultPage() {
  const { t } = useTranslation('screening');
  const country = useCompanyCountry();
  const [values, setValues] = useState<SearchFormValues>(() => emptyForm(country));
  const search = useMutation({
    mutationFn: () => screeningApi.search(toSearchBody(values)),
    onError: (e) => notifyError(e instanceof Error ? e.message : String(e)),
  });

  return (
    <Stack>
      <Title order={2}>{t('consult.title')}</Title>
      <Card withBorder>
        <SearchForm
          values={values}
          onChange={setValues}
          onSubmit={() => search.mutate()}
          onClear={() => {
            setValues(emptyForm(country));
            search.reset();
          }}
          loading={search.isPending}
        />
      </Card>
      {search.isPending && (
        <Center py="lg" data-testid="screening-loading">
          <Stack align="center" gap="xs">
            <Loader />
            <Text size="sm" c="dimmed">
              {t('consult.searching')}
            </Text>
          </Stack>
        </Center>
      )}
      {search.data && !search.isPending && <ScreeningResults result={search.data} />}
    </Stack>
  );
}
