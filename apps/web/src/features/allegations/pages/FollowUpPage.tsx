import { Badge, Button, Divider, Group, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { formatDateTime } from '../../../app/format/format';
import { ErrorAlert } from '../../../app/ui/ErrorAlert';
import { FilesDropzone } from '../../../app/ui/FilesDropzone';
import { type Credentials, type PublicReport, publicAllegationsApi } from '../api/allegations-api';
import { ChatThread } from '../components/ChatThread';
import { PublicShell } from '../components/PublicShell';
import { FILE_ACCEPT, MAX_FILE_BYTES, MAX_FILES } from '../lib/filing-form';
import { categoryLabel, STATUS_COLORS } from '../lib/labels';

/** /public/denounces/{companyId}/followUp: the reporter opens the report with its id and pin and answers. */
export function FollowUpPage() {
  const { t } = useTranslation(['allegations', 'errors']);
  const { companyId = '' } = useParams();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [report, setReport] = useState<PublicReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [replyError, setReplyError] = useState<string | null>(null);
  const message = (e: unknown) => (isApiError(e) ? e.message : t('errors:INTERNAL'));

  const open = useMutation({
    mutationFn: (c: Credentials) => publicAllegationsApi.detail(c),
    onSuccess: (r, c) => {
      setReport(r);
      setCreds(c);
      setPin('');
    },
    onError: (e) => {
      setReport(null);
      setError(message(e));
    },
  });
  const send = useMutation({
    mutationFn: () => publicAllegationsApi.reply(creds as Credentials, reply.trim(), files),
    onSuccess: (r) => {
      setReport((prev) => (prev ? { ...prev, messages: r.messages } : prev));
      setReply('');
      setFiles([]);
    },
    onError: (e) => setReplyError(message(e)),
  });

  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setError(null);
    if (!code.trim() || !pin.trim()) {
      setError(t('follow.required'));
      return;
    }
    open.mutate({ companyId, id_denuncia: code.trim().toUpperCase(), pin: pin.trim() });
  };
  const submitReply = (ev: React.FormEvent) => {
    ev.preventDefault();
    setReplyError(null);
    if (!reply.trim()) return setReplyError(t('follow.replyRequired'));
    if (files.length > MAX_FILES) return setReplyError(t('file.errors.tooManyFiles'));
    if (files.some((f) => f.size > MAX_FILE_BYTES)) return setReplyError(t('file.errors.fileTooLarge'));
    send.mutate();
  };

  if (!report || !creds)
    return (
      <PublicShell title={t('follow.title')}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('follow.intro')}
            </Text>
            <TextInput
              label={t('success.id')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={40}
              required
              data-testid="follow-id"
            />
            <PasswordInput
              label={t('success.pin')}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              maxLength={40}
              required
              data-testid="follow-pin"
            />
            <ErrorAlert message={error} testId="follow-error" />
            <Group justify="flex-end">
              <Button type="submit" loading={open.isPending} data-testid="follow-open">
                {t('follow.open')}
              </Button>
            </Group>
          </Stack>
        </form>
      </PublicShell>
    );

  return (
    <PublicShell title={t('follow.reportTitle', { id: report.id_denuncia })}>
      <Stack>
        <Group>
          <Badge color={STATUS_COLORS[report.status]} size="lg" data-testid="follow-status">
            {t(`status.${report.status}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {categoryLabel(t, report.category)} · {t('follow.filedOn', { date: formatDateTime(report.createdAt) })}
          </Text>
        </Group>
        <Divider label={t('follow.conversation')} labelPosition="left" />
        <ChatThread
          messages={report.messages}
          viewer="reporter"
          labels={{ reporter: t('chat.you'), staff: t('chat.team'), empty: t('chat.empty') }}
          onFile={(id, name) => void publicAllegationsApi.downloadFile(creds, id, name)}
          testId="public-thread"
        />
        <form onSubmit={submitReply} noValidate>
          <Stack gap="xs">
            <Title order={5}>{t('follow.reply')}</Title>
            <Textarea
              autosize
              minRows={3}
              maxLength={10000}
              value={reply}
              onChange={(e) => setReply(e.currentTarget.value)}
              aria-label={t('follow.reply')}
              data-testid="reply-text"
            />
            <FilesDropzone
              label={t('file.files')}
              hint={t('file.filesHelp')}
              accept={FILE_ACCEPT}
              maxBytes={MAX_FILE_BYTES}
              maxFiles={MAX_FILES}
              value={files}
              onChange={setFiles}
              testId="reply-files"
            />
            <ErrorAlert message={replyError} testId="reply-error" />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setReport(null);
                  setCreds(null);
                }}
              >
                {t('follow.close')}
              </Button>
              <Button type="submit" loading={send.isPending} data-testid="reply-send">
                {t('follow.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </PublicShell>
  );
}
