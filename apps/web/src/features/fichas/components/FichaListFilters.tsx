import { Group, MultiSelect, Pill, Select, TextInput } from '@mantine/core';
import { REVIEW_STATES, type ReviewState } from '@regcheck/shared/reviews';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { tagsKeys } from '../../../app/query/keys/fichas-keys';
import { listLabel } from '../../../app/screening/list-catalog';
import { fitPlaceholder } from '../../../app/ui/fit-placeholder';
import { PersonTypeRiskSelects } from '../../../app/ui/PersonTypeRiskSelects';
import { fichasApi } from '../api/fichas-api';
import { EDD_FILTERS, type EddFilter, type FichaListFilters as Filters, type PepFilter } from '../lib/list-filter';
import { DateRangeFilter } from './DateRangeFilter';

interface Props {
  value: Filters;
  /** the name of `value.list` to show when the list catalogue has none (the link that opened the page gives it) */
  listName?: string | null;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (value: Filters) => void;
}

/**
 * Filters of the fichas list and the export: text, person type, risk, PEP, periodic review, tags and creation dates,
 * and the list matches a dashboard link opened it with, shown as removable pills.
 */
export function FichaListFilters({ value, listName, searchText, onSearchText, onChange }: Props) {
  const { t } = useTranslation(['fichas', 'screening']);
  const tags = useQuery({ queryKey: tagsKeys.forFichas(), queryFn: fichasApi.tags, staleTime: 60_000 });
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('fichas:list.filters.search')}
        placeholder={t('fichas:list.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={searchText}
        onChange={(e) => onSearchText(e.currentTarget.value)}
        miw={260}
        style={fitPlaceholder(t('fichas:list.filters.searchPlaceholder'))}
        data-testid="fichas-search"
      />
      <PersonTypeRiskSelects value={value} onChange={set} w={170} />
      <Select
        label={t('fichas:list.filters.pep')}
        placeholder={t('fichas:list.filters.all')}
        clearable
        data={(['direct', 'consanguineous', 'none'] as const).map((p) => ({ value: p, label: t(`fichas:pep.${p}`) }))}
        value={value.pepStatus}
        onChange={(v) => set({ pepStatus: (v as PepFilter | null) ?? null })}
        w={180}
      />
      <Select
        label={t('fichas:list.filters.review')}
        placeholder={t('fichas:list.filters.all')}
        clearable
        data={REVIEW_STATES.map((s) => ({ value: s, label: t(`fichas:reviews.states.${s}`) }))}
        value={value.review}
        onChange={(v) => set({ review: (v as ReviewState | null) ?? null })}
        w={190}
        data-testid="fichas-filter-review"
      />
      <Select
        label={t('fichas:list.eddFilter.label')}
        placeholder={t('fichas:list.filters.all')}
        clearable
        data={EDD_FILTERS.map((s) => ({ value: s, label: t(`fichas:list.eddFilter.${s}`) }))}
        value={value.edd}
        onChange={(v) => set({ edd: (v as EddFilter | null) ?? null })}
        w={210}
        data-testid="fichas-filter-edd"
      />
      <MultiSelect
        label={t('fichas:list.filters.tags')}
        placeholder={value.tags.length ? undefined : t('fichas:list.filters.all')}
        data={[...new Set([...(tags.data ?? []).map((tag) => tag.name), ...value.tags])]}
        value={value.tags}
        onChange={(v) => set({ tags: v })}
        searchable
        clearable
        miw={200}
        maxDropdownHeight={350}
      />
      <DateRangeFilter value={[value.from, value.to]} onChange={([from, to]) => set({ from, to })} />
      {(value.matches || value.list || !value.from !== !value.to) && (
        <Pill.Group pb={8}>
          {/* an open-ended range (the dashboard's portfolio: up to a day) the range picker cannot show */}
          {!value.from && value.to && (
            <Pill withRemoveButton onRemove={() => set({ to: null })} data-testid="fichas-filter-until">
              {t('fichas:list.filters.createdUntil', { date: formatDay(value.to) })}
            </Pill>
          )}
          {value.from && !value.to && (
            <Pill withRemoveButton onRemove={() => set({ from: null })} data-testid="fichas-filter-since">
              {t('fichas:list.filters.createdSince', { date: formatDay(value.from) })}
            </Pill>
          )}
          {value.list ? (
            <Pill withRemoveButton onRemove={() => set({ list: null })} data-testid="fichas-filter-list">
              {t('fichas:list.filters.listOnly', { list: listLabel(t, value.list, listName || value.list) })}
            </Pill>
          ) : value.matches ? (
            <Pill withRemoveButton onRemove={() => set({ matches: false })} data-testid="fichas-filter-matches">
              {t('fichas:list.filters.matchesOnly')}
            </Pill>
          ) : null}
        </Pill.Group>
      )}
    </Group>
  );
}
