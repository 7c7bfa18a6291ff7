import { Alert, Anchor, Badge, Card, Grid, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import type { AllegationStatus } from '@regcheck/shared/schemas/allegations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { formatBytes, formatDateTime } from '../../../app/format/format';
import { notifySuccess } from '../../../app/notify/notify';
import { useSession } from '../../../app/session/useSession';
import { type AllegationDetail, allegationsApi } from '../api/allegations-api';
import { AllegationHistory } from '../components/AllegationHistory';
import { ChatThread } from '../components/ChatThread';
import { ComposeBox } from '../components/ComposeBox';
import { DueBadge } from '../components/DueBadge';
import { StatusChange } from '../components/StatusChange';
import { allegationsKeys } from '../keys';
import { categoryLabel, STATUS_COLORS } from '../lib/labels';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** /home/denounces/{id}/{pin?}/{denounceId}: one report, its conversation, notes, status and assignment. */
export function AllegationDetailPage() {
  const { t, i18n } = useTranslation(['allegations', 'errors']);
  const { denounceId = '' } = useParams();
  const companyId = useSession().user?.company?.id ?? '';
  const qc = useQueryClient();
  const key = allegationsKeys.detail(denounceId);
  const report = useQuery({ queryKey: key, queryFn: () => allegationsApi.get(denounceId), retry: false });
  const users = useQuery({
    queryKey: allegationsKeys.assignable(companyId),
    queryFn: () => allegationsApi.assignable(companyId),
    enabled: companyId !== '',
  });
  const done = (r: AllegationDetail) => {
    qc.setQueryData(key, r);
    void qc.invalidateQueries({ queryKey: allegationsKeys.lists });
  };
  const status = useMutation({
    mutationFn: (v: { status: AllegationStatus; reason: string }) => allegationsApi.patch(denounceId, v),
    onSuccess: (r) => {
      done(r);
      notifySuccess(t('detail.statusSaved'));
    },
  });
  const assign = useMutation({
    mutationFn: (userId: string | null) => allegationsApi.assign(denounceId, userId),
    onSuccess: (r) => {
      done(r);
      notifySuccess(t('detail.assigned'));
    },
  });
  type Sent = { text: string; files: File[] };
  const message = useMutation({
    mutationFn: (v: Sent) => allegationsApi.post(denounceId, 'messages', v.text, v.files),
    onSuccess: done,
  });
  const note = useMutation({
    mutationFn: (v: Sent) => allegationsApi.post(denounceId, 'notes', v.text, v.files),
    onSuccess: done,
  });
  const fileText = { label: t('file.files'), placeholder: t('file.filesPlaceholder'), help: t('file.filesHelp') };
  const errorOf = (e: unknown) => (e ? (isApiError(e) ? e.message : t('errors:INTERNAL')) : undefined);

  if (report.isLoading) return <Loader />;
  if (report.isError || !report.data)
    return (
      <Alert color="red" title={t('detail.notFoundTitle')}>
        {errorOf(report.error)}
      </Alert>
    );
  const r = report.data;
  const download = (fileId: string, name: string) => void allegationsApi.downloadFile(r.id, fileId, name);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to="/home/denounces" size="sm">
            {t('detail.back')}
          </Anchor>
          <Title order={2}>{t('detail.title', { id: r.code })}</Title>
          <Group gap="xs" mt={4}>
            <Badge color={STATUS_COLORS[r.status]} size="lg" data-testid="detail-status">
              {t(`status.${r.status}`)}
            </Badge>
            {r.leyKarin && <Badge color="grape">{t('detail.leyKarin')}</Badge>}
            <Text size="sm" c="dimmed">
              {t('follow.filedOn', { date: formatDateTime(r.createdAt) })}
            </Text>
          </Group>
        </div>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Title order={4}>{t('detail.report')}</Title>
              <Group grow align="flex-start">
                <Field label={t('list.category')} value={categoryLabel(t, r.category)} />
                <Field label={t('list.relationship')} value={t(`relationship.${r.relationship}`)} />
                <Field
                  label={t('list.reporter')}
                  value={t(r.anonymous ? 'reporter.anonymous' : 'reporter.identified')}
                />
              </Group>
              {!r.anonymous && (
                <Group grow align="flex-start">
                  <Field label={t('file.name')} value={r.reporterName} />
                  <Field label={t('file.email')} value={r.reporterEmail} />
                  <Field label={t('file.phone')} value={r.reporterPhone} />
                </Group>
              )}
              <Field label={t('file.description')} value={r.description} />
              <Group grow align="flex-start">
                <Field label={t('file.when')} value={r.occurredWhen} />
                <Field label={t('file.where')} value={r.occurredWhere} />
              </Group>
              <Field label={t('file.involved')} value={r.involved} />
              <div>
                <Text size="xs" c="dimmed">
                  {t('detail.attachments')}
                </Text>
                {r.files.length === 0 ? (
                  <Text size="sm">{t('detail.noAttachments')}</Text>
                ) : (
                  <Stack gap={2}>
                    {r.files.map((f) => (
                      <Anchor
                        key={f.id}
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => download(f.id, f.name)}
                        ta="left"
                      >
                        {f.name} ({formatBytes(f.size, i18n.language)}) ·{' '}
                        {t(f.uploadedBy === 'reporter' ? 'chat.reporter' : 'chat.team')}
                      </Anchor>
                    ))}
                  </Stack>
                )}
              </div>
            </Stack>
          </Card>
          <Tabs defaultValue="chat" mt="md">
            <Tabs.List>
              <Tabs.Tab value="chat" data-testid="tab-chat">
                {t('detail.chatTab', { count: r.messages.length })}
              </Tabs.Tab>
              <Tabs.Tab value="notes" data-testid="tab-notes">
                {t('detail.notesTab', { count: r.notes.length })}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="chat" pt="md">
              <Stack>
                <Text size="sm" c="dimmed">
                  {t('detail.chatHelp')}
                </Text>
                <ChatThread
                  messages={r.messages}
                  viewer="staff"
                  labels={{ reporter: t('chat.reporter'), staff: t('chat.team'), empty: t('chat.empty') }}
                  onFile={download}
                  testId="staff-thread"
                />
                <ComposeBox
                  label={t('detail.messageLabel')}
                  button={t('detail.sendMessage')}
                  pending={message.isPending}
                  error={errorOf(message.error)}
                  onSend={(text, files) => message.mutateAsync({ text, files })}
                  files={fileText}
                  testId="message"
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="notes" pt="md">
              <Stack>
                <Alert color="yellow" variant="light">
                  {t('detail.notesHelp')}
                </Alert>
                {r.notes.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('detail.noNotes')}
                  </Text>
                )}
                {r.notes.map((n) => (
                  <Card key={n.id} withBorder padding="sm" bg="yellow.0" data-testid="note">
                    <Group justify="space-between">
                      <Text size="xs" fw={600}>
                        {n.authorName ?? t('chat.team')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(n.createdAt)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {n.body}
                    </Text>
                    {n.files.map((f) => (
                      <Anchor
                        key={f.id}
                        component="button"
                        type="button"
                        size="sm"
                        ta="left"
                        onClick={() => download(f.id, f.name)}
                        data-testid="note-file"
                      >
                        {f.name} ({formatBytes(f.size, i18n.language)})
                      </Anchor>
                    ))}
                  </Card>
                ))}
                <ComposeBox
                  label={t('detail.noteLabel')}
                  button={t('detail.addNote')}
                  color="yellow.8"
                  pending={note.isPending}
                  error={errorOf(note.error)}
                  onSend={(text, files) => note.mutateAsync({ text, files })}
                  files={fileText}
                  testId="note"
                />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Card withBorder>
              <Stack gap="xs">
                <Title order={5}>{t('detail.deadlines')}</Title>
                <Group justify="space-between">
                  <Text size="sm">{t('detail.nextDeadline')}</Text>
                  <DueBadge next={r.nextDeadline} overdue={r.overdue} />
                </Group>
                <Field label={t('deadline.acknowledgeTitle')} value={formatDate(r.acknowledgeDue)} />
                <Field label={t('deadline.feedbackTitle')} value={formatDate(r.feedbackDue)} />
                {r.investigationDue && (
                  <Field label={t('deadline.investigationTitle')} value={formatDate(r.investigationDue)} />
                )}
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="xs">
                <Title order={5}>{t('detail.assignment')}</Title>
                <Select
                  label={t('list.assignedTo')}
                  placeholder={t('list.unassigned')}
                  clearable
                  data={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                  value={r.assignedTo}
                  onChange={(v) => assign.mutate(v)}
                  error={errorOf(assign.error)}
                  disabled={assign.isPending}
                  data-testid="assign-select"
                />
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="xs">
                <Title order={5}>{t('detail.statusTitle')}</Title>
                <StatusChange
                  status={r.status}
                  leyKarin={r.leyKarin}
                  pending={status.isPending}
                  error={errorOf(status.error)}
                  onSubmit={(s, reason) => status.mutate({ status: s, reason })}
                />
              </Stack>
            </Card>
            <AllegationHistory report={r} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
