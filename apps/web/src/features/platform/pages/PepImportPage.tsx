import { Anchor, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { FileDrop } from '../../../app/ui/FileDrop';
import { PageHeader } from '../../../app/ui/PageHeader';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { type PepImport, type PepImportLine, peopleApi } from '../api/platform-api';
import { ImportStatusBadge } from '../components/ImportStatusBadge';
import { platformKeys } from '../keys';

const MAX_BYTES = 60 * 1024 * 1024;
const LINE_STATUSES = ['', 'created', 'updated', 'unchanged', 'merged', 'error'] as const;
const live = (i: PepImport | undefined) => i?.status === 'queued' || i?.status === 'running';

/**
 * /regcheck/pep/pag: the import of the Brazil PEP list (Portal da Transparência CSV) into the register, the imports
 * made, and each one's report line by line (decision 71: 'pag' is this page).
 */
export function PepImportPage() {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const paging = usePaging({ pageSize: 10, pageSizes: [10, 25, 50] });
  const imports = useQuery({
    queryKey: platformKeys.importPage(paging.limit, paging.skip),
    queryFn: () => peopleApi.imports(paging.limit, paging.skip),
    refetchInterval: (q) => (q.state.data?.data.some(live) ? 1500 : false),
  });
  useErrorToast(imports.error);
  const start = useMutation({
    mutationFn: (file: File) => peopleApi.importFile(file),
    onSuccess: (i) => {
      notifySuccess(t('platform:pep.import.started', { name: i.fileName }));
      setSelected(i.id);
      void qc.invalidateQueries({ queryKey: platformKeys.imports });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const current = imports.data?.data.find((i) => i.id === selected) ?? imports.data?.data[0];

  const columns: Column<PepImport>[] = [
    {
      key: 'file',
      header: t('platform:pep.import.columns.file'),
      render: (i) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setSelected(i.id)}>
          <TruncatedText value={i.fileName} />
        </Anchor>
      ),
    },
    { key: 'by', header: t('platform:pep.import.columns.by'), render: (i) => <TruncatedText value={i.createdBy} /> },
    {
      key: 'date',
      header: t('platform:pep.import.columns.date'),
      render: (i) => <Text size="sm">{formatDateTime(i.createdAt)}</Text>,
    },
    {
      key: 'status',
      header: t('platform:pep.import.columns.status'),
      render: (i) => <ImportStatusBadge status={i.status} />,
    },
    {
      key: 'lines',
      header: t('platform:pep.import.columns.lines'),
      render: (i) => <Text size="sm">{n(i.lines)}</Text>,
    },
    {
      key: 'result',
      header: t('platform:pep.import.columns.result'),
      render: (i) => (
        <Text size="sm">
          {t('platform:pep.import.result', {
            created: n(i.created),
            updated: n(i.updated),
            errors: n(i.errors),
          })}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('platform:pep.import.title')}
        back={{ to: '/regcheck/pep', label: t('platform:pep.form.back') }}
      />
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Text size="sm">{t('platform:pep.import.intro')}</Text>
          <FileDrop
            onFile={(f) => start.mutate(f)}
            accept={['text/csv', 'text/plain', 'application/vnd.ms-excel']}
            maxBytes={MAX_BYTES}
            title={t('platform:pep.import.drop')}
            hint={t('platform:pep.import.limits')}
            loading={start.isPending}
            testId="pep-import-drop"
          />
        </Stack>
      </Paper>
      <Title order={3} size="h4">
        {t('platform:pep.import.history')}
      </Title>
      <DataTable
        testId="pep-imports"
        columns={columns}
        {...paging.of(imports)}
        emptyText={t('platform:pep.import.empty')}
      />
      {current && <ImportReport imp={current} />}
    </Stack>
  );
}

function ImportReport({ imp }: { imp: PepImport }) {
  const { t, i18n } = useTranslation('platform');
  const [status, setStatus] = useState<string>('');
  const paging = usePaging({ resetOn: status, pageSizes: [10, 25, 50] });
  const lines = useQuery({
    queryKey: platformKeys.importLines(imp.id, imp.status, status, paging.limit, paging.skip),
    queryFn: () => peopleApi.importLines(imp.id, status, paging.limit, paging.skip),
  });
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const figures: [string, number][] = [
    ['created', imp.created],
    ['updated', imp.updated],
    ['unchanged', imp.unchanged],
    ['merged', imp.merged],
    ['error', imp.errors],
  ];
  const columns: Column<PepImportLine>[] = [
    {
      key: 'line',
      header: t('platform:pep.import.lines.line'),
      width: 70,
      render: (l) => <Text size="sm">{l.line}</Text>,
    },
    {
      key: 'status',
      header: t('platform:pep.import.lines.status'),
      width: 130,
      render: (l) => <Text size="sm">{t(`platform:pep.import.lineOutcome.${l.status}`)}</Text>,
    },
    {
      key: 'name',
      header: t('platform:pep.import.lines.name'),
      width: 220,
      // the whole name, wrapped: a report names the person the officer looks for
      render: (l) =>
        l.personId && l.status !== 'error' ? (
          <Anchor component={Link} to={`/regcheck/pep/${l.personId}/edit`} size="sm">
            {l.name ?? '-'}
          </Anchor>
        ) : (
          <Text size="sm">{l.name ?? '-'}</Text>
        ),
    },
    {
      key: 'dni',
      header: t('platform:pep.import.lines.dni'),
      render: (l) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {l.dni ?? '-'}
        </Text>
      ),
    },
    {
      key: 'detail',
      header: t('platform:pep.import.lines.detail'),
      // the outcome's reason, then each remark (no end in the file, a former PEP, customer files matched)
      render: (l) =>
        l.message || l.notes.length ? (
          <Stack gap={4}>
            {[l.message, ...l.notes.map((n) => n.message)].filter(Boolean).map((m) => (
              <Text key={m} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {m}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm">-</Text>
        ),
    },
  ];
  return (
    <Paper withBorder p="lg" data-testid="pep-import-report">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('platform:pep.import.report', { name: imp.fileName })}
          </Title>
          <ImportStatusBadge status={imp.status} />
        </Group>
        {imp.error && <Text c="red.9">{imp.error}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {figures.map(([k, v]) => (
            <Stack key={k} gap={0}>
              <Text size="xl" fw={700}>
                {n(v)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`platform:pep.import.lineStatus.${k}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <SegmentedControl
          value={status}
          onChange={setStatus}
          data={LINE_STATUSES.map((s) => ({ value: s, label: t(`platform:pep.import.lineStatus.${s || 'all'}`) }))}
        />
        <DataTable
          testId="pep-import-lines"
          columns={columns}
          {...paging.of(lines)}
          getId={(l) => String(l.line)}
          emptyText={t('platform:pep.import.noLines')}
        />
      </Stack>
    </Paper>
  );
}
