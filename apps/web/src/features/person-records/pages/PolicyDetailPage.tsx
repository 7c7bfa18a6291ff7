import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InsurancePolicy } from '@regcheck/shared/schemas/person-records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { formatDay, formatNumber } from '../../../app/format/format';
import { DataTable } from '../../../app/ui/DataTable';
import { recordsApi } from '../api/records-api';
import { Field } from '../components/Field';
import { RecordFrame } from '../components/RecordFrame';
import { recordsKeys } from '../keys';
import { shownDocument } from '../lib/document';
import { money } from '../lib/money';

type Party = InsurancePolicy['beneficiaries'][number];

function Parties({ title, rows, share }: { title: string; rows: InsurancePolicy['beneficiaries']; share: boolean }) {
  const { t, i18n } = useTranslation('records');
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <DataTable
        headless
        minWidth={0}
        columns={[
          { key: 'name', header: '', render: (p) => p.name },
          { key: 'document', header: '', width: 160, render: (p) => shownDocument(p.document) || '-' },
          ...(share
            ? [
                {
                  key: 'share',
                  header: '',
                  width: 90,
                  render: (p: Party) => (p.share == null ? '-' : `${formatNumber(p.share, i18n.language)} %`),
                },
              ]
            : []),
        ]}
        rows={rows}
        getId={(p) => `${p.name}|${p.document}`}
        emptyText={t('records:policy.none')}
      />
    </Stack>
  );
}

/** One policy with the insurance fields of spec 000 §3, its parties and coverages. */
function PolicyCard({ p }: { p: InsurancePolicy }) {
  const { t, i18n } = useTranslation(['records', 'operations']);
  const f = (k: string) => t(`operations:insurance.${k}`);
  const amount = (n: number | null) => money(n, p.currency, i18n.language);
  return (
    <Paper withBorder p="lg" data-testid="policy-card">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{t('records:policy.title', { number: p.policyNumber })}</Title>
          {p.policyStatus && <Badge variant="light">{p.policyStatus}</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="policy-fields">
          <Field label={f('policyNumber')}>{p.policyNumber}</Field>
          <Field label={f('product')}>{p.product}</Field>
          <Field label={f('policyStatus')}>{p.policyStatus}</Field>
          <Field label={f('startDate')}>{formatDay(p.startDate)}</Field>
          <Field label={f('endDate')}>{formatDay(p.endDate)}</Field>
          <Field label={f('premiumSFP')}>{amount(p.premiumSFP)}</Field>
          <Field label={f('paymentChannel')}>{p.paymentChannel}</Field>
          <Field label={f('paymentMethod')}>{p.paymentMethod}</Field>
          <Field label={f('policyValueAtClosure')}>{amount(p.policyValueAtClosure)}</Field>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Parties
            title={t('records:policy.holder')}
            rows={p.holder ? [{ ...p.holder, share: null }] : []}
            share={false}
          />
          <Parties
            title={t('records:policy.insured')}
            rows={p.insured.map((x) => ({ ...x, share: null }))}
            share={false}
          />
          <Parties title={t('records:policy.beneficiaries')} rows={p.beneficiaries} share />
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('records:policy.coverages')}
            </Text>
            <DataTable
              headless
              minWidth={0}
              columns={[
                { key: 'name', header: '', render: (c) => c.name },
                { key: 'amount', header: '', width: 170, render: (c) => amount(c.insuredAmount) || '-' },
              ]}
              rows={p.coverages}
              getId={(c) => c.name}
              emptyText={t('records:policy.none')}
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * /home/records/:run/policy-detail (?policy=number): the detail of one of the person's insurance policies, chosen
 * from their policies at the insurer.
 */
export function PolicyDetailPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = useQuery({
    queryKey: recordsKeys.page('insurer-policies', run),
    queryFn: () => recordsApi.insurerPolicies(run),
    retry: false,
  });
  return (
    <RecordFrame title={t('shell:routes.policyDetail')} q={q}>
      {(v) => {
        if (v.policies.length === 0) return <Text data-testid="policy-empty">{t('records:policy.empty')}</Text>;
        const wanted = params.get('policy');
        const chosen = v.policies.find((p) => p.policyNumber === wanted) ?? v.policies[0];
        return (
          <>
            <Select
              w={360}
              label={t('records:policy.choose')}
              data={v.policies.map((p) => ({
                value: p.policyNumber,
                label: [p.policyNumber, p.product].filter(Boolean).join(' · '),
              }))}
              value={chosen?.policyNumber ?? null}
              onChange={(next) => next && setParams({ policy: next }, { replace: true })}
              data-testid="policy-select"
            />
            {wanted && chosen?.policyNumber !== wanted && (
              <Text c="orange.9" size="sm">
                {t('records:policy.notOfPerson', { number: wanted })}
              </Text>
            )}
            {chosen && <PolicyCard p={chosen} />}
          </>
        );
      }}
    </RecordFrame>
  );
}
