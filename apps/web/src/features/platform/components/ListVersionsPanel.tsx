import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { versionLabel } from '../../../app/screening/list-catalog';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type ListVersion, listsApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { ImportStatusBadge } from './ImportStatusBadge';

/** The versions of a list, newest first, each with its import report line by line. */
export function ListVersionsPanel({ listId, listName }: { listId: string; listName: string }) {
  const { t, i18n } = useTranslation('platform');
  const versions = useQuery({
    queryKey: platformKeys.listVersions(listId),
    queryFn: () => listsApi.versions(listId),
    refetchInterval: (q) => (q.state.data?.some((v) => v.status === 'importing') ? 1500 : false),
  });
  useErrorToast(versions.error);
  const [open, setOpen] = useState<ListVersion | null>(null);
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const columns: Column<ListVersion>[] = [
    {
      key: 'label',
      header: t('platform:lists.versions.label'),
      render: (v) => <TruncatedText value={versionLabel(t, listId, listName, v.label)} />,
    },
    {
      key: 'origin',
      header: t('platform:lists.versions.origin'),
      render: (v) => <Text size="sm">{t(`platform:lists.origins.${v.origin}`, { defaultValue: v.origin })}</Text>,
    },
    {
      key: 'status',
      header: t('platform:lists.versions.status'),
      render: (v) => <ImportStatusBadge status={v.status} />,
    },
    {
      key: 'entries',
      header: t('platform:lists.versions.entries'),
      render: (v) => <Text size="sm">{n(v.entityCount)}</Text>,
    },
    {
      key: 'errors',
      header: t('platform:lists.versions.errors'),
      render: (v) =>
        v.errorCount ? (
          <Anchor component="button" type="button" size="sm" c="red.9" onClick={() => setOpen(v)}>
            {t('platform:lists.versions.errorsLink', { count: v.errorCount })}
          </Anchor>
        ) : (
          <Text size="sm">{n(0)}</Text>
        ),
    },
    {
      key: 'created',
      header: t('platform:lists.versions.created'),
      render: (v) => <Text size="sm">{formatDateTime(v.createdAt)}</Text>,
    },
    {
      key: 'activated',
      header: t('platform:lists.versions.activated'),
      render: (v) => <Text size="sm">{v.activatedAt ? formatDateTime(v.activatedAt) : '-'}</Text>,
    },
  ];
  return (
    <>
      <DataTable
        testId="list-versions"
        columns={columns}
        rows={versions.data}
        getId={(v) => String(v.id)}
        loading={versions.isPending}
        emptyText={t('platform:lists.versions.empty')}
      />
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        title={t('platform:lists.versions.reportTitle', {
          label: open ? versionLabel(t, listId, listName, open.label) : '',
        })}
        size="xl"
        centered
      >
        {open && <VersionReport version={open} />}
      </Modal>
    </>
  );
}

/** The per-line report of an import (the first 200 lines the server kept), as the API gives it. */
export function VersionReport({ version }: { version: ListVersion }) {
  const { t } = useTranslation('platform');
  const reportColumns: Column<ListVersion['errors'][number]>[] = [
    { key: 'line', header: t('platform:lists.versions.line'), width: 80, render: (e) => e.line || '-' },
    {
      key: 'message',
      header: t('platform:lists.versions.message'),
      render: (e) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {e.code ? t(`platform:lists.importErrors.${e.code}`, { ...e.params, defaultValue: e.message }) : e.message}
          </Text>
          {e.text && (
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {e.text}
            </Text>
          )}
        </>
      ),
    },
  ];
  if (!version.errors.length)
    return (
      <Text size="sm" c="dimmed">
        {t('platform:lists.versions.noErrors')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">{t('platform:lists.versions.reportIntro', { count: version.errorCount })}</Text>
      <DataTable
        testId="version-report"
        minWidth={0}
        columns={reportColumns}
        rows={version.errors}
        getId={(e) => `${e.line}:${e.message}`}
        emptyText={t('platform:lists.versions.noErrors')}
      />
    </Stack>
  );
}
