import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FICHAS_EXPORT_MAX_ROWS } from '@regcheck/shared/schemas/fichas';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatCount } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { downloadFichasExport, fichasApi } from '../api/fichas-api';
import { FichaListFilters } from '../components/FichaListFilters';
import { buildFichaWhere, EMPTY_FILTERS, type FichaListFilters as Filters } from '../lib/list-filter';

/**
 * /home/fichas/exportFicha: the list's filters (carried over from the list when opened from it) and the .xlsx
 * download of the matching fichas (GET /fichas-clientes/export), at most FICHAS_EXPORT_MAX_ROWS rows.
 */
export function ExportFichasPage() {
  const { t, i18n } = useTranslation('fichas');
  const location = useLocation();
  const initial = (location.state as { filters?: Filters } | null)?.filters ?? EMPTY_FILTERS;
  const [filters, setFilters] = useState<Filters>(initial);
  const [searchText, setSearchText] = useState(initial.search);
  const [search] = useDebouncedValue(searchText, 350);
  const where = buildFichaWhere({ ...filters, search });
  const count = useQuery({
    queryKey: fichasKeys.count(where),
    queryFn: () => fichasApi.count(where),
    placeholderData: keepPreviousData,
  });
  const tooMany = (count.data?.count ?? 0) > FICHAS_EXPORT_MAX_ROWS;
  const download = useMutation({
    mutationFn: () => downloadFichasExport(buildFichaWhere({ ...filters, search: searchText })),
    onSuccess: () => notifySuccess(t('fichas:export.downloaded')),
    onError: (e) => notifyError(errorMessage(e)),
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('fichas:exportPage.title')}</Title>
      <FichaListFilters value={filters} searchText={searchText} onSearchText={setSearchText} onChange={setFilters} />
      <Group gap="md">
        <Button
          data-testid="export-download"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          disabled={tooMany}
          onClick={() => download.mutate()}
        >
          {t('fichas:export.download')}
        </Button>
        {count.data && (
          <Text size="sm" c={tooMany ? 'red' : 'dimmed'} data-testid="export-count">
            {tooMany
              ? t('fichas:export.tooMany', { max: formatCount(FICHAS_EXPORT_MAX_ROWS, i18n.language) })
              : t('fichas:export.count', { count: formatCount(count.data.count, i18n.language) })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
