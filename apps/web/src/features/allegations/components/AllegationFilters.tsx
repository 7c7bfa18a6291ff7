import { Checkbox, Group, Select } from '@mantine/core';
import { ALLEGATION_STATUSES } from '@regcheck/shared/schemas/allegations';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../app/ui/DateField';
import type { AssignableUser } from '../api/allegations-api';
import { categoryLabel } from '../lib/labels';

export interface FilterValues {
  status: string;
  category: string;
  assignedTo: string;
  from: string;
  to: string;
  overdue: boolean;
}

export const EMPTY_FILTERS: FilterValues = {
  status: '',
  category: '',
  assignedTo: '',
  from: '',
  to: '',
  overdue: false,
};

interface Props {
  value: FilterValues;
  onChange(v: FilterValues): void;
  categories: string[];
  users: AssignableUser[];
}

/** Status, category, assigned person, dates and overdue. */
export function AllegationFilters({ value, onChange, categories, users }: Props) {
  const { t } = useTranslation('allegations');
  const set = <K extends keyof FilterValues>(k: K, v: FilterValues[K]) => onChange({ ...value, [k]: v });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('list.status')}
        placeholder={t('filters.all')}
        clearable
        w={190}
        data={ALLEGATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={value.status || null}
        onChange={(v) => set('status', v ?? '')}
        data-testid="filter-status"
      />
      <Select
        label={t('list.category')}
        placeholder={t('filters.all')}
        clearable
        w={230}
        data={categories.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
        value={value.category || null}
        onChange={(v) => set('category', v ?? '')}
      />
      <Select
        label={t('list.assignedTo')}
        placeholder={t('filters.anyone')}
        clearable
        w={210}
        data={[{ value: 'none', label: t('list.unassigned') }, ...users.map((u) => ({ value: u.id, label: u.name }))]}
        value={value.assignedTo || null}
        onChange={(v) => set('assignedTo', v ?? '')}
      />
      <DateField label={t('filters.from')} value={value.from} onChange={(v) => set('from', v)} />
      <DateField label={t('filters.to')} value={value.to} onChange={(v) => set('to', v)} />
      <Checkbox
        label={t('filters.overdueOnly')}
        checked={value.overdue}
        onChange={(e) => set('overdue', e.currentTarget.checked)}
        mb={8}
      />
    </Group>
  );
}

/** The API filter of the form's values (empty fields left out). */
export function toListFilter(v: FilterValues) {
  return {
    ...(v.status ? { status: v.status as (typeof ALLEGATION_STATUSES)[number] } : {}),
    ...(v.category ? { category: v.category } : {}),
    ...(v.assignedTo ? { assignedTo: v.assignedTo } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
    ...(v.overdue ? { overdue: true } : {}),
  };
}
