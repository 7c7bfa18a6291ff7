import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../app/format/format';

export interface ThreadMessage {
  id: string;
  author: 'reporter' | 'staff';
  authorName?: string | null;
  body: string;
  createdAt: string;
  files: { id: string; name: string; size: number }[];
}

interface Props {
  messages: ThreadMessage[];
  /** who reads: the reporter sees their own messages on the right, a handler the team's */
  viewer: 'reporter' | 'staff';
  labels: { reporter: string; staff: string; empty: string };
  onFile?: (fileId: string, name: string) => void;
  testId?: string;
}

/** The conversation between the reporter and the team, oldest first. */
export function ChatThread({ messages, viewer, labels, onFile, testId }: Props) {
  const { i18n } = useTranslation();
  if (messages.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {labels.empty}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid={testId}>
      {messages.map((m) => {
        const mine = m.author === viewer;
        return (
          <Paper
            key={m.id}
            withBorder
            p="sm"
            radius="md"
            bg={mine ? 'blue.0' : 'gray.0'}
            ml={mine ? 'xl' : 0}
            mr={mine ? 0 : 'xl'}
            data-testid="chat-message"
          >
            {/* on a phone the date goes under the author rather than out of the bubble (issue 27) */}
            <Group justify="space-between" mb={4} gap={4} wrap="wrap">
              <Badge
                variant="light"
                color={m.author === 'reporter' ? 'grape' : 'blue'}
                styles={{ root: { maxWidth: '100%', height: 'auto' }, label: { whiteSpace: 'normal' } }}
              >
                {m.author === 'reporter' ? labels.reporter : (m.authorName ?? labels.staff)}
              </Badge>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="chat-message-date">
                {formatDateTime(m.createdAt)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Text>
            {m.files.length > 0 && (
              <Group gap="xs" mt="xs">
                {m.files.map((f) => (
                  <Anchor key={f.id} size="xs" component="button" type="button" onClick={() => onFile?.(f.id, f.name)}>
                    {f.name} ({formatBytes(f.size, i18n.language)})
                  </Anchor>
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
