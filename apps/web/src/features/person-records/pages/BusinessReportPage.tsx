import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatRut } from '@regcheck/shared/documents/rut';
import type { CommercialReportView } from '@regcheck/shared/schemas/commercial-report';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { formatDateTime, formatDay, formatNumber } from '../../../app/format/format';
import { DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { commercialApi } from '../api/records-api';
import { SampleNotice } from '../components/LookupNotice';
import { PersonLine } from '../components/PersonLine';
import { recordsKeys } from '../keys';

type Report = z.infer<typeof CommercialReportView>['report'];
type Amounted = Report['debts'][number];
const LISTS = ['contactability', 'inquiries', 'banks', 'properties', 'vehicles'] as const;

function AmountTable({ rows }: { rows: Amounted[] }) {
  const { t, i18n } = useTranslation('records');
  return (
    <DataTable
      minWidth={0}
      columns={[
        { key: 'date', header: t('records:commercial.columns.date'), render: (r) => formatDay(r.date) },
        { key: 'source', header: t('records:commercial.columns.source'), render: (r) => r.source ?? '-' },
        { key: 'type', header: t('records:commercial.columns.type'), render: (r) => r.type ?? '-' },
        {
          key: 'amount',
          header: t('records:commercial.columns.amount'),
          align: 'right',
          render: (r) => `$ ${formatNumber(r.amount, i18n.language, 0)}`,
        },
      ]}
      rows={rows}
      getId={(r) => `${r.date}-${r.source}-${r.amount}`}
      emptyText={t('records:commercial.none')}
    />
  );
}

/** A list of the bureau's entries, each as one line of its values. */
function Lines({ rows }: { rows: Record<string, unknown>[] }) {
  const { t, i18n } = useTranslation('records');
  // dates as dd/mm/yyyy and amounts in the page's notation; small numbers (a year, a count) stay as they are
  const shown = (v: unknown) =>
    typeof v === 'number' && Math.abs(v) >= 10_000
      ? formatNumber(v, i18n.language, 0)
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? formatDay(v)
        : String(v);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('records:commercial.none')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {rows.map((r) => {
        const line = Object.values(r)
          .filter((v) => v !== null && v !== '')
          .map(shown)
          .join(' · ');
        return (
          <Text size="sm" key={line}>
            {line}
          </Text>
        );
      })}
    </Stack>
  );
}

/**
 * /home/records/:run/businessReport: the commercial credit report (Chile) of the person: the summary (risk of the
 * last report in the two-year window and its date), the request (a refusal opens a modal with its message) and the
 * report's sections.
 */
export function BusinessReportPage() {
  const { t, i18n } = useTranslation('records');
  const { run = '' } = useParams();
  const qc = useQueryClient();
  const [modal, setModal] = useState<string | null>(null);
  const ficha = useQuery({
    queryKey: recordsKeys.commercial.person(run),
    queryFn: () => commercialApi.person(run),
    retry: false,
  });
  const fichaId = ficha.data?.id ?? '';
  const q = useQuery({
    queryKey: recordsKeys.commercial.ofFicha(fichaId),
    queryFn: () => commercialApi.ofFicha(fichaId),
    enabled: !!fichaId,
    retry: false,
  });
  const ask = useMutation({
    mutationFn: async () => {
      const v = await commercialApi.validate(fichaId);
      if (!v.valid) throw new Error(v.message ?? '');
      return commercialApi.request(fichaId);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: recordsKeys.commercial.ofFicha(fichaId) }),
    onError: (e: Error) => setModal(e.message),
  });
  const r = q.data?.report;
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('records:commercial.title')}>
        <Button
          onClick={() => ask.mutate()}
          loading={ask.isPending}
          disabled={!fichaId}
          data-testid="commercial-request"
        >
          {t('records:commercial.request')}
        </Button>
      </PageHeader>
      {ficha.data && (
        <PersonLine
          person={{
            id: ficha.data.id,
            dni: ficha.data.dni,
            name: ficha.data.fullName,
            personType: ficha.data.personType,
          }}
        />
      )}
      {q.isLoading && <Skeleton height={200} />}
      {ficha.error && <Alert color="red">{ficha.error.message}</Alert>}
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {q.data && (
        <Group gap="sm">
          <Text size="sm">{t('records:commercial.rate')}</Text>
          <RiskBadge risk={q.data.summary.PersonsRate} />
          <Text size="sm" c="dimmed">
            {q.data.summary.lastReportDate
              ? t('records:commercial.last', { when: formatDateTime(q.data.summary.lastReportDate) })
              : t('records:commercial.never')}
          </Text>
        </Group>
      )}
      {r && (
        <>
          {r.sample && <SampleNotice />}
          <Card withBorder padding="lg">
            <Title order={4} mb="xs">
              {t('records:commercial.sections.identification')}
            </Title>
            <Lines rows={[{ ...r.report.identification, rut: formatRut(r.report.identification.rut) }]} />
            <Text size="sm" mt="xs">
              {t('records:commercial.exposure', { amount: `$ ${formatNumber(r.exposure, i18n.language, 0)}` })}
            </Text>
          </Card>
          {(['debts', 'protests', 'bulletins'] as const).map((k) => (
            <Card withBorder padding="lg" key={k}>
              <Title order={4} mb="xs">
                {t(`records:commercial.sections.${k}`)}
              </Title>
              <AmountTable rows={r.report[k]} />
            </Card>
          ))}
          {LISTS.map((k) => (
            <Card withBorder padding="lg" key={k}>
              <Title order={4} mb="xs">
                {t(`records:commercial.sections.${k}`)}
              </Title>
              <Lines rows={r.report[k]} />
            </Card>
          ))}
          <Card withBorder padding="lg">
            <Title order={4} mb="xs">
              {t('records:commercial.sections.sii')}
            </Title>
            <Lines rows={[r.report.sii]} />
          </Card>
        </>
      )}
      <Modal opened={modal !== null} onClose={() => setModal(null)} title={t('records:commercial.errorTitle')}>
        <Text size="sm" data-testid="commercial-error">
          {modal}
        </Text>
      </Modal>
    </Stack>
  );
}
