import { Button, Group, MultiSelect, NumberInput, Pill, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { DateField } from '../../../app/ui/DateField';
import { fitPlaceholder } from '../../../app/ui/fit-placeholder';
import type { TableFilter } from '../api/operations-api';

type Filters = Omit<TableFilter, 'limit' | 'skip' | 'recordStatus'>;

/** Customer-management filters: date range, status, risk, amount with currency, text. */
export function HistoryFilters({
  currencies,
  onApply,
  initial,
}: {
  currencies: readonly string[];
  onApply: (f: Filters) => void;
  /** the filters a link opened the page with (the home dashboard's figures) */
  initial?: Filters;
}) {
  const { t } = useTranslation(['operations', 'forms']);
  const [f, setF] = useState<Filters>(initial ?? {});
  /** a filter a link set and the form has no field for: removing its pill applies the rest at once */
  const drop = (patch: Partial<Filters>) => {
    const next = { ...f, ...patch };
    setF(next);
    onApply(next);
  };
  const apply = () => {
    if ((f.amountMin !== undefined || f.amountMax !== undefined) && !f.currency) {
      notifyError(t('operations:errors.AMOUNT_FILTER_NEEDS_CURRENCY'));
      return;
    }
    onApply(f);
  };
  return (
    <Group align="end" wrap="wrap">
      <TextInput
        label={t('operations:history.search')}
        placeholder={t('operations:history.searchPlaceholder')}
        style={fitPlaceholder(t('operations:history.searchPlaceholder'), 32)}
        value={f.search ?? ''}
        onChange={(e) => setF({ ...f, search: e.currentTarget.value || undefined })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        data-testid="history-search"
      />
      <DateField
        label={t('operations:history.from')}
        value={f.dateFrom ?? ''}
        onChange={(v) => setF({ ...f, dateFrom: v || undefined })}
      />
      <DateField
        label={t('operations:history.to')}
        value={f.dateTo ?? ''}
        onChange={(v) => setF({ ...f, dateTo: v || undefined })}
      />
      <Select
        label={t('operations:columns.status')}
        clearable
        data={[
          { value: 'open', label: t('operations:status.open') },
          { value: 'closed', label: t('operations:status.closed') },
        ]}
        value={f.status ?? null}
        onChange={(v) => setF({ ...f, status: (v as 'open' | 'closed') ?? undefined })}
      />
      <MultiSelect
        w={260}
        label={t('operations:columns.risk')}
        data={['high', 'medium', 'low'].map((r) => ({ value: r, label: t(`operations:risk.${r}`) }))}
        value={f.risk ?? []}
        onChange={(v) => setF({ ...f, risk: v })}
      />
      <NumberInput
        label={t('operations:history.amountMin')}
        value={f.amountMin ?? ''}
        min={0}
        thousandSeparator="."
        decimalSeparator=","
        onChange={(v) => setF({ ...f, amountMin: typeof v === 'number' ? v : undefined })}
      />
      <NumberInput
        label={t('operations:history.amountMax')}
        value={f.amountMax ?? ''}
        min={0}
        thousandSeparator="."
        decimalSeparator=","
        onChange={(v) => setF({ ...f, amountMax: typeof v === 'number' ? v : undefined })}
      />
      <Select
        label={t('operations:columns.divisa')}
        clearable
        data={currencies.map((c) => ({ value: c, label: t(`operations:currency.${c}`) }))}
        value={f.currency ?? null}
        onChange={(v) => setF({ ...f, currency: v ?? undefined })}
      />
      <Button onClick={apply} data-testid="history-apply">
        {t('operations:history.apply')}
      </Button>
      {(f.ros !== undefined || f.consultationStatus?.length) && (
        <Pill.Group pb={8}>
          {f.ros !== undefined && (
            <Pill withRemoveButton onRemove={() => drop({ ros: undefined })} data-testid="history-filter-ros">
              {t(f.ros ? 'operations:history.rosOnly' : 'operations:history.notRos')}
            </Pill>
          )}
          {f.consultationStatus?.length ? (
            <Pill
              withRemoveButton
              onRemove={() => drop({ consultationStatus: undefined })}
              data-testid="history-filter-form-status"
            >
              {t('operations:history.formStatusIn', {
                statuses: f.consultationStatus.map((s) => t(`forms:status.${s}`)).join(', '),
              })}
            </Pill>
          ) : null}
        </Pill.Group>
      )}
    </Group>
  );
}
