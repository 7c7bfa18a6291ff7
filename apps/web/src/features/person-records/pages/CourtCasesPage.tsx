import { Anchor, Drawer, Stack, Title } from '@mantine/core';
import { COURT_CASE_PAGE_SIZE, COURT_CASE_PAGE_SIZES } from '@regcheck/shared/format/pagination';
import type { CaseType, CourtCase } from '@regcheck/shared/schemas/records';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';
import { recordsApi } from '../api/records-api';
import { CaseDetail } from '../components/CaseDetail';
import { caseColumns } from '../components/case-columns';
import { LookupStates } from '../components/LookupStates';
import { PersonLine } from '../components/PersonLine';
import { recordsKeys } from '../keys';

/**
 * /home/records/:run/<court-case table>: the person's cases from the court-case provider, 10 a page (10, 25, 50),
 * with the "not configured", "sample data" and provider-error states.
 */
export function CourtCasesPage() {
  const { t } = useTranslation('records');
  const { run = '' } = useParams();
  // the table is the last segment of the path (/home/records/:run/causasCivilesChile)
  const type = (useLocation().pathname.split('/').pop() ?? '') as CaseType;
  const paging = usePaging({ resetOn: [run, type], pageSize: COURT_CASE_PAGE_SIZE, pageSizes: COURT_CASE_PAGE_SIZES });
  const [open, setOpen] = useState<CourtCase | null>(null);
  const detail = useQuery({
    queryKey: recordsKeys.caseDetail(run, type, open?.id ?? ''),
    queryFn: () => recordsApi.caseDetail(run, type, open?.id ?? ''),
    enabled: !!open?.id,
    retry: false,
  });
  const q = useQuery({
    queryKey: recordsKeys.courtCases(run, type, paging.limit, paging.skip),
    queryFn: () => recordsApi.courtCases(run, type, { limit: paging.limit, skip: paging.skip }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const v = q.data;
  const columns: Column<CourtCase>[] = [
    {
      key: 'rol',
      header: t('records:cases.columns.rol'),
      width: 170,
      // a case the provider gives an id for opens its detail
      render: (c) =>
        c.id ? (
          <Anchor component="button" size="sm" onClick={() => setOpen(c)} data-testid="court-case-open">
            {c.rol}
          </Anchor>
        ) : (
          c.rol
        ),
    },
    ...caseColumns(t, 120),
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t(`records:cases.titles.${type}`)}</Title>
      {v && <PersonLine person={v.person} />}
      <LookupStates q={q} skeletonHeight={240}>
        {(a) => (
          <DataTable
            testId="court-cases"
            columns={columns}
            rows={a.data}
            getId={(c) => c.rol}
            loading={q.isFetching && !a}
            emptyText={t('records:cases.empty')}
            pagination={paging.pagination(a.count)}
          />
        )}
      </LookupStates>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open ? t('records:caseDetail.title', { rol: open.rol }) : ''}
      >
        <Stack gap="sm">
          <LookupStates q={detail} skeletonHeight={240}>
            {(a) => <CaseDetail detail={a.detail} currency={type === 'judiciaryBrazil' ? 'BRL' : 'CLP'} />}
          </LookupStates>
        </Stack>
      </Drawer>
    </Stack>
  );
}
