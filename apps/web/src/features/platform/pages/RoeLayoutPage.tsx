import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ROE_FIELDS, type RoeFieldT, type RoeLayoutT, type RoeLayoutView } from '@regcheck/shared/schemas/roe-layout';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { layoutProblems } from '../lib/roe-layout';

type View = z.infer<typeof RoeLayoutView>;
const KEY = ['platform', 'roe-layout'];
const roeLayoutApi = {
  get: () => api.get<View>('/platform/roe-layout'),
  put: (layout: RoeLayoutT) => api.put<View>('/platform/roe-layout', layout),
  reset: () => api.delete<View>('/platform/roe-layout'),
};

/**
 * /regcheck/roe-layout (decision 180): the layout of the ROE file the UAF takes, as data the super administrator
 * changes without a release: the notation (separator, line ends, encoding, dates, decimals), the columns in their
 * order (header and what RegCheck puts in each), the record-type codes and the currency codes. Every company's next
 * file follows it; a filing keeps the file it stored. A refusal is shown under its field.
 */
export function RoeLayoutPage() {
  const { t } = useTranslation('platform');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: roeLayoutApi.get });
  useErrorToast(q.error);
  const [layout, setLayout] = useState<RoeLayoutT | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [resetting, setResetting] = useState(false);
  useEffect(() => {
    if (q.data) setLayout(q.data.layout);
  }, [q.data]);
  const onSaved = (v: View, message: string) => {
    qc.setQueryData(KEY, v);
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
  const currencies = Object.entries(layout.currencyCodes);
  const setCurrencies = (rows: [string, string][]) => set({ currencyCodes: Object.fromEntries(rows) });
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
        <Table verticalSpacing="xs" data-testid="roe-layout-columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>{t('platform:roeLayout.header')}</Table.Th>
              <Table.Th>{t('platform:roeLayout.holds')}</Table.Th>
              <Table.Th>{t('platform:roeLayout.value')}</Table.Th>
              <Table.Th w={120} aria-label={t('platform:roeLayout.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {layout.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <TextInput
                    value={c.header}
                    aria-label={t('platform:roeLayout.header')}
                    onChange={(e) => setColumn(i, { header: e.currentTarget.value })}
                    error={errors[`columns.${i}.header`]}
                    maxLength={60}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('platform:roeLayout.holds')}
                    data={ROE_FIELDS.map((f) => ({ value: f, label: t(`platform:roeLayout.fields.${f}`) }))}
                    value={c.field}
                    onChange={(v) => v && setColumn(i, { field: v as RoeFieldT })}
                  />
                </Table.Td>
                <Table.Td>
                  {c.field === 'constant' ? (
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
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t('platform:roeLayout.up')}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === layout.columns.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t('platform:roeLayout.down')}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={layout.columns.length === 1}
                      onClick={() => set({ columns: layout.columns.filter((_, j) => j !== i) })}
                      aria-label={t('platform:roeLayout.remove')}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h4">
              {t('platform:roeLayout.currencyCodes')}
            </Title>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCurrencies([...currencies, ['', '']])}
            >
              {t('platform:roeLayout.addCurrency')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mb="xs">
            {t('platform:roeLayout.currencyHint')}
          </Text>
          {Object.entries(errors)
            .filter(([k]) => k.startsWith('currencyCodes'))
            .map(([k, v]) => (
              <Text key={k} c="red.8" size="sm" mb="xs">
                {v}
              </Text>
            ))}
          <Stack gap="xs">
            {currencies.map(([cur, codeValue], i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row being typed has no other identity
              <Group key={i} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={t('platform:roeLayout.currency')}
                  placeholder="CLP"
                  value={cur}
                  maxLength={3}
                  w={90}
                  onChange={(e) =>
                    setCurrencies(currencies.map((r, j) => (j === i ? [e.currentTarget.value.toUpperCase(), r[1]] : r)))
                  }
                />
                <TextInput
                  aria-label={t('platform:roeLayout.code')}
                  placeholder="152"
                  value={codeValue}
                  maxLength={30}
                  onChange={(e) =>
                    setCurrencies(currencies.map((r, j) => (j === i ? [r[0], e.currentTarget.value] : r)))
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setCurrencies(currencies.filter((_, j) => j !== i))}
                  aria-label={t('platform:roeLayout.remove')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {currencies.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('platform:roeLayout.noCurrencyCodes')}
              </Text>
            )}
          </Stack>
        </Card>
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
        opened={resetting}
        title={t('platform:roeLayout.resetTitle')}
        message={t('platform:roeLayout.resetMessage')}
        confirmLabel={t('platform:roeLayout.reset')}
        loading={reset.isPending}
        onCancel={() => setResetting(false)}
        onConfirm={() => reset.mutate()}
      />
    </Stack>
  );
}
