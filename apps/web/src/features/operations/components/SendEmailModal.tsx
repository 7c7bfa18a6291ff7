import { Alert, Button, Checkbox, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDni } from '../../../app/format/dni';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { type Operation, operationsApi, type SendEmailResult } from '../api/operations-api';

/**
 * "Send by e-mail" of the operation detail: choose the participants, an optional message; each one with an e-mail
 * gets a public link; those without e-mail are listed with the spec's message.
 */
export function SendEmailModal({
  operation,
  opened,
  onClose,
}: {
  operation: Operation;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('operations');
  const [chosen, setChosen] = useState<string[]>(() => operation.associates.map((a) => a.dni));
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<SendEmailResult | null>(null);
  const send = useMutation({
    mutationFn: () =>
      operationsApi.sendEmail({ consultationId: operation.id, dnis: chosen, message: message.trim() || undefined }),
    onSuccess: (r) => {
      setResult(r);
      if (r.sent > 0) notifySuccess(t('operations:sendEmail.sent', { count: r.sent }));
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('operations:sendEmail.title')} centered>
      <Stack>
        <Checkbox.Group label={t('operations:sendEmail.participants')} value={chosen} onChange={setChosen}>
          <Stack gap={4} mt={4}>
            {operation.associates.map((a) => (
              <Checkbox
                key={a.dni}
                value={a.dni}
                label={`${a.name} (${displayDni(a.dni)})`}
                data-testid={`send-email-${a.dni}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('operations:sendEmail.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {chosen.length === 0 ? <Text c="dimmed">{t('operations:sendEmail.none')}</Text> : null}
        <Button
          onClick={() => send.mutate()}
          loading={send.isPending}
          disabled={chosen.length === 0}
          data-testid="send-email-submit"
        >
          {t('operations:sendEmail.send')}
        </Button>
        {result ? (
          <Stack gap="xs" data-testid="send-email-result">
            <Text>{t('operations:sendEmail.sent', { count: result.sent })}</Text>
            {result.skipped.length > 0 ? (
              <Alert color="orange" title={t('operations:sendEmail.skipped')} data-testid="send-email-skipped">
                <List size="sm">
                  {result.skipped.map((s) => (
                    <List.Item key={s.dni}>
                      {s.name} ({displayDni(s.dni)}): {s.message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
