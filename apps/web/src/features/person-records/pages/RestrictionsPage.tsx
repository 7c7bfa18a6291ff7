import { Badge, Stack, Text, Title } from '@mantine/core';
import type { ElectoralDonation, Sanction } from '@regcheck/shared/schemas/person-records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import type { Column } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { recordsApi } from '../api/records-api';
import { PagedTable } from '../components/PagedTable';
import { RecordFrame } from '../components/RecordFrame';
import { recordsKeys } from '../keys';
import { money } from '../lib/money';

/**
 * /home/records/:run/pepOutrasRestricoes: the sanctions of the Brazilian public registers (in force or ended) and the
 * electoral donations of a CPF or CNPJ, each a table of 10 (10, 25, 50).
 */
export function RestrictionsPage() {
  const { t, i18n } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const q = useQuery({
    queryKey: recordsKeys.page('restrictions', run),
    queryFn: () => recordsApi.restrictions(run),
    retry: false,
  });
  const c = (k: string) => t(`records:restrictions.columns.${k}`);
  const sanctions: Column<Sanction>[] = [
    { key: 'source', header: c('source'), render: (s) => s.source, width: 90 },
    { key: 'sanction', header: c('sanction'), render: (s) => <TruncatedText value={s.sanction} /> },
    { key: 'organ', header: c('organ'), render: (s) => <TruncatedText value={s.organ ?? '-'} /> },
    { key: 'process', header: c('process'), render: (s) => s.process ?? '-', width: 150 },
    { key: 'start', header: c('startDate'), render: (s) => formatDay(s.startDate) || '-', width: 110 },
    { key: 'end', header: c('endDate'), render: (s) => formatDay(s.endDate) || '-', width: 110 },
    {
      key: 'active',
      header: c('active'),
      width: 120,
      render: (s) => (
        <Badge color={s.active ? 'red' : 'gray'} variant="light">
          {t(s.active ? 'records:restrictions.inForce' : 'records:restrictions.ended')}
        </Badge>
      ),
    },
  ];
  const donations: Column<ElectoralDonation>[] = [
    { key: 'election', header: c('election'), render: (d) => d.election, width: 90 },
    { key: 'candidate', header: c('candidate'), render: (d) => <TruncatedText value={d.candidate} /> },
    { key: 'party', header: c('party'), render: (d) => <TruncatedText value={d.party ?? '-'} /> },
    { key: 'office', header: c('office'), render: (d) => d.office ?? '-' },
    { key: 'uf', header: c('uf'), render: (d) => d.uf ?? '-', width: 60 },
    { key: 'amount', header: c('amount'), render: (d) => money(d.amount, 'BRL', i18n.language), width: 130 },
    { key: 'date', header: c('date'), render: (d) => formatDay(d.date) || '-', width: 110 },
  ];
  return (
    <RecordFrame title={t('shell:routes.pepOutrasRestricoes')} q={q}>
      {(v) => {
        const inForce = v.sanctions.filter((s) => s.active).length;
        return (
          <Stack gap="lg">
            <Text data-testid="restrictions-summary">
              {t('records:restrictions.summary', {
                sanctions: v.sanctions.length,
                inForce,
                donations: v.electoralDonations.length,
              })}
            </Text>
            <Stack gap="xs">
              <Title order={4}>{t('records:restrictions.sanctions')}</Title>
              <PagedTable
                testId="restrictions-sanctions"
                rows={v.sanctions}
                columns={sanctions}
                getId={(s) => `${s.source}|${s.process}|${s.startDate}|${s.sanction}`}
                emptyText={t('records:restrictions.noSanctions')}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={4}>{t('records:restrictions.donations')}</Title>
              <PagedTable
                testId="restrictions-donations"
                rows={v.electoralDonations}
                columns={donations}
                getId={(d) => `${d.election}|${d.candidate}|${d.date}|${d.amount}`}
                emptyText={t('records:restrictions.noDonations')}
              />
            </Stack>
          </Stack>
        );
      }}
    </RecordFrame>
  );
}
