import { Anchor, Modal, Stack, Text } from '@mantine/core';
import type { InsolvencyProceeding } from '@regcheck/shared/schemas/person-records';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { recordsApi } from '../api/records-api';
import { PagedTable } from '../components/PagedTable';
import { RecordFrame } from '../components/RecordFrame';
import { recordsKeys } from '../keys';

/**
 * /home/records/:run/boletinConcursal: the person's proceedings of the Boletín Concursal (Ley 20.720: liquidation,
 * reorganisation, renegotiation), 10 a page; a proceeding's number opens its publications.
 */
export function InsolvencyPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const [open, setOpen] = useState<InsolvencyProceeding | null>(null);
  const q = useQuery({
    queryKey: recordsKeys.page('insolvency', run),
    queryFn: () => recordsApi.insolvency(run),
    retry: false,
  });
  const c = (k: string) => t(`records:insolvency.columns.${k}`);
  const columns: Column<InsolvencyProceeding>[] = [
    {
      key: 'rol',
      header: c('rol'),
      width: 140,
      render: (p) => (
        <Anchor component="button" size="sm" onClick={() => setOpen(p)}>
          {p.rol}
        </Anchor>
      ),
    },
    { key: 'procedure', header: c('procedure'), render: (p) => t(`records:insolvency.procedures.${p.procedure}`) },
    { key: 'court', header: c('court'), render: (p) => <TruncatedText value={p.court} /> },
    { key: 'startedAt', header: c('startedAt'), render: (p) => formatDay(p.startedAt) || '-', width: 110 },
    { key: 'status', header: c('status'), render: (p) => p.status ?? '-', width: 140 },
    { key: 'trustee', header: c('trustee'), render: (p) => <TruncatedText value={p.trustee} /> },
    {
      key: 'last',
      header: c('lastPublication'),
      width: 130,
      render: (p) => formatDay(p.publications[0]?.date) || '-',
    },
  ];
  return (
    <RecordFrame title={t('shell:routes.boletinConcursal')} q={q}>
      {(v) => (
        <>
          <Text>{t('records:insolvency.found', { count: v.proceedings.length })}</Text>
          <PagedTable
            testId="insolvency-table"
            rows={v.proceedings}
            columns={columns}
            getId={(p) => p.id}
            emptyText={t('records:insolvency.empty')}
          />
          <Modal
            opened={open !== null}
            onClose={() => setOpen(null)}
            size="lg"
            title={open ? t('records:insolvency.publicationsOf', { rol: open.rol }) : ''}
          >
            <Stack gap="sm" data-testid="insolvency-publications">
              {open && (
                <DataTable
                  minWidth={0}
                  columns={[
                    { key: 'date', header: c('date'), width: 120, render: (p) => formatDay(p.date) || '-' },
                    { key: 'publication', header: c('publication'), render: (p) => p.title },
                  ]}
                  rows={open.publications}
                  getId={(p) => `${p.date}|${p.title}`}
                  emptyText={t('records:insolvency.noPublications')}
                />
              )}
            </Stack>
          </Modal>
        </>
      )}
    </RecordFrame>
  );
}
