import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Person, peopleApi } from '../api/platform-api';
import { platformKeys } from '../keys';

/** The primary PEP of a related person: an active level 1 person of the register, searched by name or document. */
export function PrimaryPepSelect({
  value,
  onChange,
  error,
  excludeId,
  initial,
}: {
  value: string;
  onChange: (person: Person | null) => void;
  error?: string;
  excludeId?: string;
  /** the primary already chosen (edit), shown before any search */
  initial?: Person | null;
}) {
  const { t } = useTranslation('platform');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const where = {
    and: [{ pepLevel: 1 }, ...(term ? [{ or: [{ name: { ilike: term } }, { dni: { ilike: term } }] }] : [])],
  };
  const found = useQuery({
    queryKey: platformKeys.primaries(term),
    queryFn: () => peopleApi.list(where, 'name asc', 20, 0),
  });
  const options = [...(initial ? [initial] : []), ...(found.data ?? [])].filter(
    (p, i, all) => p.id !== excludeId && all.findIndex((x) => x.id === p.id) === i,
  );
  return (
    <Select
      label={t('platform:pep.form.primary')}
      placeholder={t('platform:pep.form.primaryPlaceholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={options.map((p) => ({ value: p.id, label: `${p.name} · ${p.dni}` }))}
      value={value || null}
      onChange={(id) => onChange(options.find((p) => p.id === id) ?? null)}
      nothingFoundMessage={t('platform:pep.form.primaryNone')}
      error={error}
      maxDropdownHeight={350}
      comboboxProps={{ withinPortal: true }}
      data-testid="pep-primary"
      withAsterisk
    />
  );
}
