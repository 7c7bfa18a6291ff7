import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { reportsApi } from '../api/reports-api';
import { reportsKeys } from '../keys';

interface Props {
  /** the report's path (json); null while the period is not valid */
  path: string | null;
  name: string;
  /** extra downloads, e.g. the UAF file */
  extra?: { label: string; format: string; testId: string }[];
  testId: string;
}

/** A report on screen (its tables, with the empty sentence of each) and its xlsx and PDF downloads. */
export function ReportView({ path, name, extra = [], testId }: Props) {
  const { t } = useTranslation('reports');
  const report = useQuery({
    queryKey: reportsKeys.report(path),
    queryFn: () => reportsApi.report(path ?? ''),
    enabled: !!path,
  });
  const download = async (format: string) => {
    if (!path) return;
    try {
      await api.download(reportsApi.fileOf(path, format), `${name}.${format}`);
      notifySuccess(t('reports:downloaded'));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };
  const buttons = [
    { label: t('reports:download.xlsx'), format: 'xlsx', testId: `${testId}-xlsx` },
    { label: t('reports:download.pdf'), format: 'pdf', testId: `${testId}-pdf` },
    ...extra,
  ];
  return (
    <Stack gap="md" data-testid={testId}>
      <Group gap="sm">
        {buttons.map((b) => (
          <Button
            key={b.format}
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!path}
            onClick={() => void download(b.format)}
            data-testid={b.testId}
          >
            {b.label}
          </Button>
        ))}
      </Group>
      {report.error && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Skeleton h={160} />}
      {report.data && (
        <>
          <Text c="dimmed" size="sm">
            {report.data.period}
          </Text>
          {report.data.truncated && <Alert color="yellow">{t('reports:truncated')}</Alert>}
          {report.data.tables.map((table) => (
            <Paper key={table.key} withBorder p="md" data-testid={`${testId}-${table.key}`}>
              <Title order={4} mb="sm">
                {table.heading}
              </Title>
              <DataTable
                minWidth={600}
                columns={table.columns.map((c, j) => ({
                  key: String(j),
                  header: c,
                  render: ({ cells }: { cells: string[] }) => (
                    <span style={{ whiteSpace: (cells[j] ?? '').length <= 16 ? 'nowrap' : undefined }}>{cells[j]}</span>
                  ),
                }))}
                // rows of a report have no identity of their own: their place
                rows={table.rows.map((cells, i) => ({ id: String(i), cells }))}
                emptyText={table.empty}
              />
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
