import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DOCUMENT_TYPES } from '@regcheck/shared/documents/country-documents';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { TRANSACTION_TYPES } from '@regcheck/shared/schemas/operations';
import { ROE_FIELDS, type RoeFieldT, type RoeLayoutT, type RoeLayoutView } from '@regcheck/shared/schemas/roe-layout';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { DataTable } from '../../../app/ui/DataTable';
import { DeleteAction, RowAction } from '../../../app/ui/RowAction';
import { RoeCodeTable } from '../components/RoeCodeTable';
import { platformKeys } from '../keys';
import { layoutProblems } from '../lib/roe-layout';

type View = z.infer<typeof RoeLayoutView>;
const roeLayoutApi = {
  get: () => api.get<View>('/platform/roe-layout'),
  put: (layout: RoeLayoutT) => api.put<View>('/platform/roe-layout', layout),
  reset: () => api.delete<View>('/platform/roe-layout'),
};

/**
 * /regcheck/roe-layout (decision 180): the layout of the ROE file the UAF takes, as data the super administrator
 * changes without a release: the notation (separator, line ends, encoding, dates, decimals), the columns in their
 * order (header and what RegCheck puts in each), the record-type and person-type codes and the code tables of
 * currencies, document types, countries and kinds of transaction (decision 204). Every company's next
 * file follows it; a filing keeps the file it stored. A refusal is shown under its field.
 */
export function RoeLayoutPage() {
  const { t, i18n } = useTranslation('platform');
  const lang = i18n.language === 'pt-BR' ? 'pt' : i18n.language === 'en' ? 'en' : 'es';
  const countries = useMemo(
    () => orderedCountries('CL', lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [lang],
  );
  const qc = useQueryClient();
  const q = useQuery({ queryKey: platformKeys.roeLayout, queryFn: roeLayoutApi.get });
  useErrorToast(q.error);
  const [layout, setLayout] = useState<RoeLayoutT | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resetting, setResetting] = useState(false);
  useEffect(() => {
    if (q.data) setLayout(q.data.layout);
  }, [q.data]);
  const onSaved = (v: View, message: string) => {
    qc.setQueryData(platformKeys.roeLayout, v);
    setLayout(v.layout);
    setErrors({});
    notifySuccess(message);
  };
  const save = useMutation({
    mutationFn: roeLayoutApi.put,
    onSuccess: (v) => onSaved(v, t('platform:roeLayout.saved')),
    onError: (e) => {
      if (isApiError(e) && e.field) setErrors({ [e.field.replace(/^body\./, '')]: e.message });
      notifyError(e instanceof Error ? e.message : String(e));
    },
  });
  const reset = useMutation({
    mutationFn: roeLayoutApi.reset,
    onSuccess: (v) => onSaved(v, t('platform:roeLayout.resetDone')),
    onError: (e) => notifyError(e instanceof Error ? e.message : String(e)),
    onSettled: () => setResetting(false),
  });
  if (!layout || !q.data) return <Skeleton height={480} />;

  const set = (patch: Partial<RoeLayoutT>) => {
    setLayout({ ...layout, ...patch });
    setErrors({});
  };
  const setColumn = (i: number, patch: Partial<RoeLayoutT['columns'][number]>) =>
    set({ columns: layout.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const move = (i: number, by: -1 | 1) => {
    const cols = [...layout.columns];
    const [c] = cols.splice(i, 1);
    if (c) cols.splice(i + by, 0, c);
    set({ columns: cols });
  };
  /** the problems of a code table, shown under it (a row's key or code) */
  const problemsUnder = (table: string) => [
    ...new Set(
      Object.entries(errors)
        .filter(([k]) => k === table || k.startsWith(`${table}.`))
        .map(([, v]) => v),
    ),
  ];
  const option = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`platform:roeLayout.${group}.${v}`) }));

  return (
    <Stack gap="md" maw={1100} data-testid="roe-layout-page">
      <Stack gap={4}>
        <Title order={2}>{t('platform:roeLayout.title')}</Title>
        <Text c="dimmed">{t('platform:roeLayout.intro')}</Text>
        <Text size="sm" c="dimmed" data-testid="roe-layout-state">
          {q.data.customised && q.data.updatedAt
            ? t('platform:roeLayout.changedBy', {
                date: formatDateTime(q.data.updatedAt),
                name: q.data.updatedByName ?? t('platform:roeLayout.someone'),
              })
            : t('platform:roeLayout.shipped')}
        </Text>
      </Stack>
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t('platform:roeLayout.notation')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Select
            label={t('platform:roeLayout.separatorLabel')}
            data={option('separator', [';', ',', '|', 'tab'])}
            value={layout.separator}
            onChange={(v) => v && set({ separator: v as RoeLayoutT['separator'] })}
            error={errors.separator}
            data-testid="roe-layout-separator"
          />
          <Select
            label={t('platform:roeLayout.lineEndLabel')}
            data={option('lineEnd', ['CRLF', 'LF'])}
            value={layout.lineEnd}
            onChange={(v) => v && set({ lineEnd: v as RoeLayoutT['lineEnd'] })}
          />
          <Select
            label={t('platform:roeLayout.encodingLabel')}
            data={option('encoding', ['utf8', 'latin1'])}
            value={layout.encoding}
            onChange={(v) => v && set({ encoding: v as RoeLayoutT['encoding'] })}
            data-testid="roe-layout-encoding"
          />
          <Select
            label={t('platform:roeLayout.dateFormatLabel')}
            data={option('dateFormat', ['DD-MM-YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'YYYYMMDD'])}
            value={layout.dateFormat}
            onChange={(v) => v && set({ dateFormat: v as RoeLayoutT['dateFormat'] })}
          />
          <Select
            label={t('platform:roeLayout.decimalLabel')}
            data={option('decimal', ['.', ','])}
            value={layout.decimalSeparator}
            onChange={(v) => v && set({ decimalSeparator: v as RoeLayoutT['decimalSeparator'] })}
            error={errors.decimalSeparator}
          />
          <Switch
            mt="xl"
            label={t('platform:roeLayout.headerLine')}
            checked={layout.headerLine}
            onChange={(e) => set({ headerLine: e.currentTarget.checked })}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            {t('platform:roeLayout.columns', { count: layout.columns.length })}
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ columns: [...layout.columns, { header: '', field: 'constant', value: '' }] })}
            data-testid="roe-layout-add-column"
          >
            {t('platform:roeLayout.addColumn')}
          </Button>
        </Group>
        {errors.columns && (
          <Text c="red.8" size="sm" mb="xs">
            {errors.columns}
          </Text>
        )}
        <DataTable
          testId="roe-layout-columns"
          minWidth={0}
          columns={[
            { key: 'n', header: '#', width: 40, render: ({ i }) => i + 1 },
            {
              key: 'header',
              header: t('platform:roeLayout.header'),
              tooltip: false,
              render: ({ c, i }) => (
                <TextInput
                  value={c.header}
                  aria-label={t('platform:roeLayout.header')}
                  onChange={(e) => setColumn(i, { header: e.currentTarget.value })}
                  error={errors[`columns.${i}.header`]}
                  maxLength={60}
                />
              ),
            },
            {
              key: 'holds',
              header: t('platform:roeLayout.holds'),
              tooltip: false,
              render: ({ c, i }) => (
                <Select
                  aria-label={t('platform:roeLayout.holds')}
                  data={ROE_FIELDS.map((f) => ({ value: f, label: t(`platform:roeLayout.fields.${f}`) }))}
                  value={c.field}
                  onChange={(v) => v && setColumn(i, { field: v as RoeFieldT })}
                />
              ),
            },
            {
              key: 'value',
              header: t('platform:roeLayout.value'),
              tooltip: false,
              render: ({ c, i }) =>
                c.field === 'constant' ? (
                  <TextInput
                    value={c.value ?? ''}
                    aria-label={t('platform:roeLayout.value')}
                    onChange={(e) => setColumn(i, { value: e.currentTarget.value })}
                    error={errors[`columns.${i}.value`]}
                    maxLength={30}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('platform:roeLayout.fromRecord')}
                  </Text>
                ),
            },
            {
              key: 'actions',
              header: <VisuallyHidden>{t('platform:roeLayout.actions')}</VisuallyHidden>,
              width: 120,
              tooltip: false,
              render: ({ i }) => (
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    label={t('platform:roeLayout.up')}
                    icon={<IconArrowUp size={16} />}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <RowAction
                    label={t('platform:roeLayout.down')}
                    icon={<IconArrowDown size={16} />}
                    disabled={i === layout.columns.length - 1}
                    onClick={() => move(i, 1)}
                  />
                  <DeleteAction
                    label={t('platform:roeLayout.remove')}
                    disabled={layout.columns.length === 1}
                    onClick={() => set({ columns: layout.columns.filter((_, j) => j !== i) })}
                  />
                </Group>
              ),
            },
          ]}
          // a column is its position in the file
          rows={layout.columns.map((c, i) => ({ id: String(i), c, i }))}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            {t('platform:roeLayout.recordTypes')}
          </Title>
          <Stack gap="sm">
            <TextInput
              label={t('platform:roeLayout.recordOperation')}
              value={layout.recordTypes.operation}
              onChange={(e) => set({ recordTypes: { ...layout.recordTypes, operation: e.currentTarget.value } })}
              error={errors['recordTypes.operation']}
              maxLength={30}
            />
            <TextInput
              label={t('platform:roeLayout.recordNegative')}
              value={layout.recordTypes.negative}
              onChange={(e) => set({ recordTypes: { ...layout.recordTypes, negative: e.currentTarget.value } })}
              error={errors['recordTypes.negative']}
              maxLength={30}
            />
            <TextInput
              label={t('platform:roeLayout.personNatural')}
              value={layout.personTypeCodes.natural}
              onChange={(e) => set({ personTypeCodes: { ...layout.personTypeCodes, natural: e.currentTarget.value } })}
              error={errors['personTypeCodes.natural']}
              maxLength={30}
              data-testid="roe-layout-person-natural"
            />
            <TextInput
              label={t('platform:roeLayout.personLegal')}
              value={layout.personTypeCodes.legal}
              onChange={(e) => set({ personTypeCodes: { ...layout.personTypeCodes, legal: e.currentTarget.value } })}
              error={errors['personTypeCodes.legal']}
              maxLength={30}
            />
          </Stack>
        </Card>
        <RoeCodeTable
          testId="roe-layout-currencies"
          title={t('platform:roeLayout.currencyCodes')}
          hint={t('platform:roeLayout.currencyHint')}
          empty={t('platform:roeLayout.noCurrencyCodes')}
          addLabel={t('platform:roeLayout.addCurrency')}
          keyInput={{ kind: 'text', label: t('platform:roeLayout.currency'), placeholder: 'CLP', maxLength: 3 }}
          rows={Object.entries(layout.currencyCodes)}
          onChange={(rows) => set({ currencyCodes: Object.fromEntries(rows) })}
          problems={problemsUnder('currencyCodes')}
        />
        <RoeCodeTable
          testId="roe-layout-document-types"
          title={t('platform:roeLayout.documentTypeCodes')}
          hint={t('platform:roeLayout.documentTypeHint')}
          empty={t('platform:roeLayout.noDocumentTypeCodes')}
          addLabel={t('platform:roeLayout.addDocumentType')}
          keyInput={{
            kind: 'select',
            label: t('platform:roeLayout.documentType'),
            options: DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`fichas:documentTypes.${d}`) })),
          }}
          rows={Object.entries(layout.documentTypeCodes) as [string, string][]}
          onChange={(rows) => set({ documentTypeCodes: Object.fromEntries(rows) })}
          problems={problemsUnder('documentTypeCodes')}
        />
        <RoeCodeTable
          testId="roe-layout-countries"
          title={t('platform:roeLayout.countryCodes')}
          hint={t('platform:roeLayout.countryHint')}
          empty={t('platform:roeLayout.noCountryCodes')}
          addLabel={t('platform:roeLayout.addCountry')}
          keyInput={{ kind: 'select', label: t('platform:roeLayout.country'), options: countries }}
          rows={Object.entries(layout.countryCodes)}
          onChange={(rows) => set({ countryCodes: Object.fromEntries(rows) })}
          problems={problemsUnder('countryCodes')}
        />
        <RoeCodeTable
          testId="roe-layout-transaction-types"
          title={t('platform:roeLayout.transactionTypeCodes')}
          hint={t('platform:roeLayout.transactionTypeHint')}
          empty={t('platform:roeLayout.noTransactionTypeCodes')}
          addLabel={t('platform:roeLayout.addTransactionType')}
          keyInput={{
            kind: 'select',
            label: t('platform:roeLayout.transactionType'),
            options: TRANSACTION_TYPES.map((k) => ({ value: k, label: t(`operations:transactionTypes.${k}`) })),
          }}
          rows={Object.entries(layout.transactionTypeCodes) as [string, string][]}
          onChange={(rows) => set({ transactionTypeCodes: Object.fromEntries(rows) })}
          problems={problemsUnder('transactionTypeCodes')}
        />
      </SimpleGrid>
      <Alert color="blue" variant="light">
        {t('platform:roeLayout.effect')}
      </Alert>
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!q.data.customised}
          onClick={() => setResetting(true)}
          data-testid="roe-layout-reset"
        >
          {t('platform:roeLayout.reset')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setLayout(q.data.layout);
            setErrors({});
          }}
        >
          {t('platform:roeLayout.discard')}
        </Button>
        <Button
          onClick={() => {
            const found = layoutProblems(layout);
            setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
            if (Object.keys(found).length === 0) save.mutate(layout);
          }}
          loading={save.isPending}
          data-testid="roe-layout-save"
        >
          {t('platform:roeLayout.save')}
        </Button>
      </Group>
      <ConfirmModal
        {...askWhile(resetting, setResetting, reset)}
        title={t('platform:roeLayout.resetTitle')}
        confirmLabel={t('platform:roeLayout.reset')}
        message={t('platform:roeLayout.resetMessage')}
      />
    </Stack>
  );
}
