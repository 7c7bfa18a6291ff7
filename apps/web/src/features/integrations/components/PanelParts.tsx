import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A panel of the external API screen: title, help and its "new" button above the content. */
export function IntegrationPanel(p: {
  title: string;
  help: string;
  newLabel: string;
  newTestId: string;
  onNew: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={4}>{p.title}</Title>
            <Text size="sm" c="dimmed">
              {p.help}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={p.onNew} data-testid={p.newTestId}>
            {p.newLabel}
          </Button>
        </Group>
        {p.children}
      </Stack>
    </Paper>
  );
}

/** The creation form of a panel in a modal, with Cancel and Create; `onSubmit` validates and sends. */
export function CreateModal(p: {
  opened: boolean;
  title: string;
  size?: string;
  loading: boolean;
  submitTestId: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title} centered size={p.size}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          p.onSubmit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {p.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose}>
              {t('admin:externalApi.cancel')}
            </Button>
            <Button type="submit" loading={p.loading} data-testid={p.submitTestId}>
              {t('admin:externalApi.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
