import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { useDocumentRules } from '../../../app/settings/useDocumentRules';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PdfDropzone } from '../../../app/ui/PdfDropzone';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { OperationFormsPanel } from '../../forms';
import { downloadOperationFile, type OperationDetail, operationsApi, uploadOperationFile } from '../api/operations-api';
import { OperationExtrasForm } from '../components/OperationExtrasForm';
import { SendEmailModal } from '../components/SendEmailModal';
import { operationsKeys } from '../keys';
import { dueDiligenceLines } from '../lib/due-diligence';
import { roeMarks } from '../lib/roe-preview';

/**
 * /home/records/operationDetail/{consultation} and its subroutes customerFileLegal, customerFileNatural and
 * riskButton (which open the participants or the risk tab): participants, documents, comments, risk, ROS mark,
 * finish or resume, insurance policy history and the historical records.
 */
export function OperationDetailPage() {
  const { t, i18n } = useTranslation('operations');
  const user = useUser();
  const { consultation = '' } = useParams();
  const location = useLocation();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: operationsKeys.detail(consultation),
    queryFn: () => operationsApi.get(consultation),
    enabled: !!consultation,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: operationsKeys.all });
  const onError = (e: unknown) => notifyError(errorMessage(e));
  const finish = useMutation({
    mutationFn: () => operationsApi.finish(consultation),
    onSuccess: () => {
      notifySuccess(t('operations:detail.finished'));
      refresh();
    },
    onError,
  });
  const resume = useMutation({
    mutationFn: () => operationsApi.resume1(consultation),
    onSuccess: () => {
      notifySuccess(t('operations:detail.resumed'));
      refresh();
    },
    onError,
  });
  const [rosReason, setRosReason] = useState<string | null>(null);
  const [comments, setComments] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const save = useMutation({
    mutationFn: (body: unknown) => operationsApi.update(consultation, body),
    onSuccess: () => {
      notifySuccess(t('operations:detail.saved'));
      refresh();
    },
    onError,
  });
  const deactivateFile = useMutation({
    mutationFn: (file: { id: string; index: number }) => operationsApi.deactivateFile(file.id, file.index),
    onSuccess: refresh,
    onError,
  });
  const documentRules = useDocumentRules();
  const upload = useMutation({
    mutationFn: (f: File) => uploadOperationFile(consultation, f),
    onSuccess: () => {
      notifySuccess(t('operations:detail.uploaded'));
      refresh();
    },
    onError,
  });
  if (!consultation) return <Alert color="yellow">{t('operations:detail.none')}</Alert>;
  if (query.isLoading) return <Loader />;
  if (query.isError || !query.data)
    return <Alert color="red">{(query.error as Error | null)?.message ?? t('operations:detail.none')}</Alert>;
  const o: OperationDetail = query.data;
  // the ROE and its "no rate yet" state are Chile's (the roeHistory key's country condition)
  const marks = roeMarks(user, o);
  const diligence = dueDiligenceLines(o.dueDiligence, o.divisa);
  const closed = o.status === 'closed';
  const tab = location.pathname.endsWith('/riskButton') ? 'risk' : 'participants';
  const participantColumns: Column<OperationDetail['associates'][number]>[] = [
    { key: 'dni', header: t('operations:form.document'), render: (a) => displayDni(a.dni), width: 130 },
    { key: 'name', header: t('operations:form.name'), render: (a) => a.name },
    { key: 'amount', header: t('operations:form.amount'), render: (a) => `${a.montoFormat} ${a.currency}`, width: 150 },
    { key: 'cash', header: t('operations:form.cash'), render: (a) => formatAmount(a.efective), width: 120 },
    { key: 'risk', header: t('operations:columns.risk'), render: (a) => <RiskBadge risk={a.risk} />, width: 100 },
    {
      key: 'marks',
      header: '',
      tooltip: false,
      render: (a) => (
        <>
          {a.withoutEmail ? <Badge color="orange">{t('operations:form.withoutEmail')}</Badge> : null}
          {a.incomplete ? <Badge color="yellow">{t('operations:detail.incomplete')}</Badge> : null}
        </>
      ),
    },
    {
      key: 'transactions',
      header: '',
      tooltip: false,
      width: 120,
      render: (a) => (
        <Anchor
          component={Link}
          to={`/home/records/${encodeURIComponent(a.dni)}/transaction?operation=${o.id}&currency=${o.divisa}`}
          size="sm"
        >
          {t('operations:transactions.link')}
        </Anchor>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{t('operations:detail.title', { codigo: o.codigoFormatted })}</Title>
          <Badge color={closed ? 'gray' : 'blue'} data-testid="operation-status">
            {t(`operations:status.${o.status}`)}
          </Badge>
          <RiskBadge risk={o.risk} />
          {marks.roe ? <Badge color="orange">ROE</Badge> : null}
          {marks.ratePending ? <Badge color="yellow">{t('operations:history.ratePending')}</Badge> : null}
          {o.ros ? <Badge color="red">ROS</Badge> : null}
          {/* Brazil's COAF: BRL cash at the company's threshold is communicated by the next business day (decision 150) */}
          {o.coafDeadline ? (
            <Badge color="orange" variant="light" data-testid="operation-coaf">
              {t('coaf:operationBadge', { date: formatDay(o.coafDeadline) })}
            </Badge>
          ) : null}
        </Group>
        <Group>
          <Button variant="light" onClick={() => setSending(true)} data-testid="operation-send-email">
            {t('operations:sendEmail.button')}
          </Button>
          {closed ? (
            <Button onClick={() => resume.mutate()} loading={resume.isPending} data-testid="operation-resume">
              {t('operations:detail.resume')}
            </Button>
          ) : (
            <Button
              color="teal.9"
              onClick={() => setFinishing(true)}
              loading={finish.isPending}
              data-testid="operation-finish"
            >
              {t('operations:detail.finish')}
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmModal
        opened={finishing}
        title={t('operations:finishConfirm.title')}
        message={t('operations:finishConfirm.message', { codigo: o.codigoFormatted })}
        confirmLabel={t('operations:finishConfirm.confirm')}
        color="teal.9"
        loading={finish.isPending}
        testId="operation-finish-confirm"
        onCancel={() => setFinishing(false)}
        onConfirm={() => finish.mutate(undefined, { onSettled: () => setFinishing(false) })}
      />
      {sending ? <SendEmailModal operation={o} opened={sending} onClose={() => setSending(false)} /> : null}
      {closed ? <Alert color="gray">{t('operations:detail.closedNotice')}</Alert> : null}
      {marks.ratePending ? (
        <Alert color="yellow" data-testid="operation-rate-pending">
          {t('operations:detail.ratePending', { date: formatDate(marks.ratePending) })}
        </Alert>
      ) : null}
      {o.coafUnchecked ? (
        <Alert color="yellow" data-testid="operation-coaf-unchecked" title={t('coaf:unchecked.operationTitle')}>
          {t('coaf:unchecked.operationText', {
            cash: `${o.divisa} ${formatAmount(o.cashAmount)}`,
          })}
        </Alert>
      ) : null}
      {diligence ? (
        <Alert
          color={diligence.state === 'pending' ? 'yellow' : 'orange'}
          title={t(`operations:dueDiligence.title.${diligence.state}`)}
          data-testid="operation-due-diligence"
        >
          <Stack gap={4}>
            {diligence.lines.map((l) => (
              <Text size="sm" key={l.key}>
                {t(`operations:${l.key}`, l.params)}
                {diligence.value ? `: ${t(`operations:${diligence.value.key}`, diligence.value.params)}` : ''}
              </Text>
            ))}
            <Text size="sm">{t(`operations:dueDiligence.forms.${diligence.state}`)}</Text>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder>
        <Group gap="xl">
          <Text>
            {t('operations:columns.transactionType')}:{' '}
            {o.transactionType && i18n.exists(`operations:transactionTypes.${o.transactionType}`)
              ? t(`operations:transactionTypes.${o.transactionType}`)
              : (o.transactionType ?? '-')}
          </Text>
          <Text>
            {t('operations:columns.transactionDate')}: {formatDate(o.transactionDate) || '-'}
          </Text>
          <Text>
            {t('operations:columns.registrationDate')}: {formatDate(o.registrationDate)}
          </Text>
          <Text>
            {t('operations:columns.referenceNumber')}: {o.referenceNumber ?? '-'}
          </Text>
          <Text>
            {t('operations:columns.amount')}: {formatAmount(o.amount)} {o.divisa}
          </Text>
          <Text>
            {t('operations:columns.cashAmount')}: {formatAmount(o.cashAmount)} {o.divisa}
          </Text>
        </Group>
      </Card>
      <Tabs defaultValue={tab}>
        <Tabs.List>
          <Tabs.Tab value="participants">{t('operations:form.participants')}</Tabs.Tab>
          <Tabs.Tab value="forms" data-testid="tab-forms">
            {t('forms:panel.title')}
          </Tabs.Tab>
          <Tabs.Tab value="documents">{t('operations:detail.documents')}</Tabs.Tab>
          <Tabs.Tab value="risk">{t('operations:columns.risk')}</Tabs.Tab>
          <Tabs.Tab value="policy" data-testid="tab-policy">
            {t('operations:insurance.title')}
          </Tabs.Tab>
          <Tabs.Tab value="history" data-testid="tab-history">
            {t('operations:detail.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="participants" pt="sm">
          <DataTable
            testId="participants-table"
            columns={participantColumns}
            rows={o.associates}
            getId={(a) => a.dni}
            emptyText={t('operations:history.empty')}
          />
          <Textarea
            mt="sm"
            label={t('operations:form.comments')}
            disabled={closed}
            value={comments ?? o.transactionComments ?? ''}
            onChange={(e) => setComments(e.currentTarget.value)}
          />
          <Button
            mt="xs"
            disabled={closed || comments === null}
            onClick={() => save.mutate({ transactionComments: comments })}
          >
            {t('operations:detail.save')}
          </Button>
        </Tabs.Panel>
        <Tabs.Panel value="forms" pt="sm">
          <OperationFormsPanel operationId={o.id} closed={closed} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="sm">
          {o.documents.length === 0 ? <Text c="dimmed">{t('operations:detail.noDocuments')}</Text> : null}
          {o.documents.map((d, i) => (
            <Group key={d.url} gap="sm">
              <Button
                variant="subtle"
                disabled={!d.active || d.pending}
                onClick={() => void downloadOperationFile(d.url, d.name).catch(onError)}
              >
                {d.name}
              </Button>
              {d.pending ? <Badge color="yellow">{t('operations:detail.pending')}</Badge> : null}
              {!d.active ? <Badge color="gray">{t('operations:status.inactive')}</Badge> : null}
              {d.active && !closed ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => deactivateFile.mutate({ id: o.id, index: i })}
                >
                  {t('operations:detail.removeFile')}
                </Button>
              ) : null}
            </Group>
          ))}
          {!closed ? (
            <PdfDropzone
              onFile={(f) => upload.mutate(f)}
              loading={upload.isPending}
              testId="operation-dropzone"
              rules={documentRules}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="risk" pt="sm">
          <Stack>
            <Text>{t('operations:detail.riskExplained')}</Text>
            <Textarea
              label={t('operations:detail.rosReason')}
              disabled={closed}
              value={rosReason ?? o.rosReason ?? ''}
              onChange={(e) => setRosReason(e.currentTarget.value)}
            />
            <Group>
              <Button
                color="red"
                variant={o.ros ? 'filled' : 'light'}
                disabled={closed}
                onClick={() => save.mutate({ ros: !o.ros, rosReason: !o.ros ? (rosReason ?? o.rosReason) : null })}
              >
                {o.ros ? t('operations:detail.unmarkRos') : t('operations:detail.markRos')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="policy" pt="sm">
          <OperationExtrasForm key={`${o.id}-${o.updatedAt}`} operation={o} />
          <Title order={4} mt="md">
            {t('operations:detail.policy')}
          </Title>
          {o.policyHistory.length === 0 ? <Text c="dimmed">{t('operations:detail.noPolicy')}</Text> : null}
          {o.policyHistory.map((p) => (
            <Text key={p.id} size="sm">
              {formatDate(p.changedAt)} · {p.changedBy.name} · {String(p.policy.policyNumber ?? '-')} ·{' '}
              {String(p.policy.policyStatus ?? '-')}
            </Text>
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          {o.historicalRecords.length === 0 ? <Text c="dimmed">{t('operations:detail.noHistory')}</Text> : null}
          {o.historicalRecords.map((h) => (
            <Card key={h.id} withBorder mb="xs" data-testid="historical-record">
              <Text fw={600}>
                {t('operations:detail.record', {
                  seq: h.seq,
                  date: formatDate(h.createdAt),
                  name: h.createdBy.name ?? '',
                })}
              </Text>
              <Text size="sm">
                {formatAmount(h.data.amount)} {h.data.divisa} · {t('operations:columns.risk')}:{' '}
                {h.data.risk === '-' ? '-' : t(`operations:risk.${h.data.risk}`)} ·{' '}
                {h.data.associates
                  .map((a) => `${a.name} (${a.risk === '-' ? '-' : t(`operations:risk.${a.risk}`)})`)
                  .join(', ')}
              </Text>
            </Card>
          ))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
