import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';

/** /home/support: a message to the platform's support team, sent with the user's name, role and company. */
export function SupportPage() {
  const { t } = useTranslation('users');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const send = useMutation({
    mutationFn: () => api.post<{ sent: true }>('/support', { subject: subject.trim(), message: message.trim() }),
    onSuccess: () => {
      notifySuccess(t('users:support.sent'));
      setSubject('');
      setMessage('');
    },
    onError: (e: Error) => {
      if (isApiError(e) && (e.field === 'subject' || e.field === 'message')) setErrors({ [e.field]: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: { subject?: string; message?: string } = {};
    if (!subject.trim()) found.subject = t('users:validation.required');
    if (!message.trim()) found.message = t('users:validation.required');
    setErrors(found);
    if (!found.subject && !found.message) send.mutate();
  };
  return (
    <Stack gap="md">
      <Title order={2}>{t('users:support.title')}</Title>
      <Paper withBorder p="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('users:support.intro')}
            </Text>
            <TextInput
              label={t('users:support.subject')}
              required
              maxLength={200}
              value={subject}
              error={errors.subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              data-testid="support-subject"
            />
            <Textarea
              label={t('users:support.message')}
              required
              minRows={6}
              autosize
              maxLength={5000}
              value={message}
              error={errors.message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              data-testid="support-message"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} data-testid="support-send">
                {t('users:support.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
