import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { COURT_CASE_PAGE_SIZE, COURT_CASE_PAGE_SIZES } from '@regcheck/shared/format/pagination';
import type { CourtCase } from '@regcheck/shared/schemas/records';
import { IconArrowLeft } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';
import { processosApi } from '../api/processos-api';
import { CaseDetail } from '../components/CaseDetail';
import { ContractPicker } from '../components/ContractPicker';
import { caseColumns } from '../components/case-columns';
import { LookupStates } from '../components/LookupStates';
import { recordsKeys } from '../keys';

const base = (run: string) => `/regcheck/lists/ProcessosJudiciais/${encodeURIComponent(run)}`;

/**
 * /regcheck/lists/ProcessosJudiciais/:run (super administrator): the Brazilian court cases of a CPF or CNPJ, asked on
 * the chosen obliged subject's contract (its limit, cache and call log), 10 a page (10, 25, 50).
 */
export function ProcessosJudiciaisPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const companyId = params.get('company');
  const paging = usePaging({
    resetOn: [companyId, run],
    pageSize: COURT_CASE_PAGE_SIZE,
    pageSizes: COURT_CASE_PAGE_SIZES,
  });
  const q = useQuery({
    queryKey: recordsKeys.processos.list(companyId ?? '', run, paging.limit, paging.skip),
    queryFn: () => processosApi.list(companyId ?? '', run, { limit: paging.limit, skip: paging.skip }),
    enabled: !!companyId && !!run,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const go = useCallback(
    // another document or contract starts again on page 1 (usePaging's resetOn)
    (v: { run: string; companyId: string }) => {
      void navigate(`${base(v.run)}?company=${v.companyId}`, { replace: !companyId });
    },
    [navigate, companyId],
  );
  const columns: Column<CourtCase>[] = [
    {
      key: 'rol',
      header: t('records:cases.columns.rol'),
      width: 230,
      render: (c) =>
        c.id ? (
          <Anchor
            component={Link}
            to={`${base(run)}/DetalheProcesso/${encodeURIComponent(c.id)}?company=${companyId}`}
            size="sm"
          >
            {c.rol}
          </Anchor>
        ) : (
          c.rol
        ),
    },
    ...caseColumns(t, 130),
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('shell:routes.listJudicial')}</Title>
      <Text c="dimmed" size="sm">
        {t('records:processos.intro')}
      </Text>
      <ContractPicker run={run} companyId={companyId} onChange={go} />
      <LookupStates q={q} skeletonHeight={240}>
        {(a) => (
          <>
            <Text fw={600} data-testid="processos-document-shown">
              {displayDni(a.document)}
            </Text>
            <DataTable
              testId="processos-table"
              columns={columns}
              rows={a.data}
              getId={(c) => c.id ?? c.rol}
              emptyText={t('records:cases.empty')}
              pagination={paging.pagination(a.count)}
            />
          </>
        )}
      </LookupStates>
    </Stack>
  );
}

/** /regcheck/lists/ProcessosJudiciais/:run/DetalheProcesso/:idDetalhe: one case in detail, on the same contract. */
export function DetalheProcessoPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '', idDetalhe = '' } = useParams();
  const [params] = useSearchParams();
  const companyId = params.get('company') ?? '';
  const q = useQuery({
    queryKey: recordsKeys.processos.detail(companyId, run, idDetalhe),
    queryFn: () => processosApi.detail(companyId, run, idDetalhe),
    enabled: !!companyId,
    retry: false,
  });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base(run)}${companyId ? `?company=${companyId}` : ''}`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('records:processos.back')}
        </Group>
      </Anchor>
      <Title order={2}>{t('shell:routes.listJudicialDetail')}</Title>
      {!companyId && <Text>{t('records:processos.chooseContract')}</Text>}
      <LookupStates q={q} skeletonHeight={300}>
        {(a) => <CaseDetail detail={a.detail} currency="BRL" />}
      </LookupStates>
    </Stack>
  );
}
