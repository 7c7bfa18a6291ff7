import { Alert, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FichaListFilters } from '../components/FichaListFilters';
import { EMPTY_FILTERS, type FichaListFilters as Filters } from '../lib/list-filter';

/**
 * /home/fichas/exportFicha: the filters of the list for an .xlsx export. The server has no fichas export endpoint
 * yet, so the page says so instead of producing a file the server did not make.
 */
export function ExportFichasPage() {
  const { t } = useTranslation('fichas');
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  return (
    <Stack gap="md">
      <Title order={2}>{t('fichas:exportPage.title')}</Title>
      <FichaListFilters
        value={filters}
        searchText={filters.search}
        onSearchText={(search) => setFilters({ ...filters, search })}
        onChange={setFilters}
      />
      <Alert color="yellow" data-testid="export-unavailable">
        {t('fichas:exportPage.unavailable')}
      </Alert>
    </Stack>
  );
}
