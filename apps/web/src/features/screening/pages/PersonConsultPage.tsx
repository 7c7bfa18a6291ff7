import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api/api-error';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import type { DrawerSubject } from '../../../app/screening/HitDetailDrawer';
import { useCompanyCountry } from '../../../app/session/useCompanyCountry';
import { type Customer, type SearchBody, screeningApi } from '../api/screening-api';
import { ScreeningResults } from '../components/ScreeningResults';
import { SearchForm } from '../components/SearchForm';
import { SearchHistoryPanel } from '../components/SearchHistoryPanel';
import { createFichaLink, type SearchFormValues, toFormValues, toPayload } from '../lib/search-form';

/** The customer with the searched document, or null when the document is nobody's ficha. */
async function customerOf(body: SearchBody): Promise<Customer | null> {
  if (!body.dni) return null;
  try {
    return await screeningApi.customerByDni(body.dni, body.personType);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * /home/person/consult: screen a person or company by name and/or document against every list. A document that
 * belongs to a customer says so (with a link) and screens the customer's names too; a new person can become a
 * ficha from the search. The history tab shows the search log.
 */
export function PersonConsultPage() {
  const { t } = useTranslation('screening');
  const country = useCompanyCountry();
  const [tab, setTab] = useState<string | null>('search');
  const [values, setValues] = useState<SearchFormValues>(() => toFormValues(country));
  const search = useMutation({
    mutationFn: async () => {
      const body = toPayload(values);
      const customer = await customerOf(body);
      // a document alone of a customer: the customer's names are screened as well
      const namesAdded = !!customer && !body.name && !body.fatherName && !body.motherName;
      if (customer && namesAdded) {
        if (customer.personType === 'legal') body.name = customer.socialReason ?? customer.fullName;
        else body.name = customer.fullName;
        if (!body.birthDate && customer.birthDate && customer.personType === 'natural')
          body.birthDate = customer.birthDate.slice(0, 10);
      }
      const result = await screeningApi.search(body);
      const subject: DrawerSubject = {
        names: [body.name, body.fatherName, body.motherName].filter((n): n is string => !!n),
        documents: body.dni ? [body.dni] : [],
        birthDate: body.birthDate ?? null,
        countries: body.country ? [body.country] : [],
        addresses: [],
      };
      return { result, customer, subject, namesAdded };
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const data = search.data;

  return (
    <Stack>
      <Title order={2}>{t('screening:consult.title')}</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="search">{t('screening:consult.searchTab')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('screening:history.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="search" pt="md">
          <Stack>
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
            {data && !search.isPending && (
              <>
                {data.customer ? (
                  <Alert color="blue" data-testid="existing-customer">
                    {t('screening:consult.existingCustomer', { name: data.customer.fullName })}{' '}
                    {data.namesAdded ? `${t('screening:consult.namesScreened')} ` : ''}
                    <Anchor component={Link} to={`/home/fichas/${data.customer.id}`}>
                      {t('screening:consult.openFicha')}
                    </Anchor>
                  </Alert>
                ) : (
                  <Group justify="flex-end">
                    <Button
                      component={Link}
                      to={createFichaLink(values)}
                      variant="light"
                      leftSection={<IconUserPlus size={16} />}
                      data-testid="create-ficha-from-search"
                    >
                      {t('screening:consult.createFicha')}
                    </Button>
                  </Group>
                )}
                <ScreeningResults result={data.result} subject={data.subject} />
              </>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <SearchHistoryPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
