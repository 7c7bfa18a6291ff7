import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** what the secret belongs to (credentials name or webhook URL) and its public id, if any */
  title: string;
  label?: string;
  publicId?: string;
  secret: string | null;
  onClose: () => void;
}

/** A secret shown once: copy it now, it cannot be read again (only rotated). */
export function SecretModal({ title, label, publicId, secret, onClose }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('admin:externalApi.secretOnce')}
        </Alert>
        {publicId && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Code block data-testid="secret-public-id">
              {publicId}
            </Code>
          </Stack>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('admin:externalApi.secret')}
          </Text>
          <Code block data-testid="secret-value">
            {secret}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? t('admin:externalApi.copied') : t('admin:externalApi.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="secret-close">
            {t('admin:externalApi.secretDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
