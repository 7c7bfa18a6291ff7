import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useCompanyCountry } from '../../../app/session/useCompanyCountry';
import { screeningApi } from '../api/screening-api';
import { ScreeningResults } from '../components/ScreeningResults';
import { SearchForm } from '../components/SearchForm';
import { type SearchFormValues, toFormValues, toPayload } from '../lib/search-form';

/** /home/person/consult: screen a person or company by name and/or document against every list. */
export function PersonConsultPage() {
  const { t } = useTranslation('screening');
  const country = useCompanyCountry();
  const [values, setValues] = useState<SearchFormValues>(() => toFormValues(country));
  const search = useMutation({
    mutationFn: () => screeningApi.search(toPayload(values)),
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack>
      <Title order={2}>{t('screening:consult.title')}</Title>
      <Card withBorder>
        <SearchForm
          values={values}
          onChange={setValues}
          onSubmit={() => search.mutate()}
          onClear={() => {
            setValues(toFormValues(country));
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
              {t('screening:consult.searching')}
            </Text>
          </Stack>
        </Center>
      )}
      {search.data && !search.isPending && <ScreeningResults result={search.data} />}
    </Stack>
  );
}
