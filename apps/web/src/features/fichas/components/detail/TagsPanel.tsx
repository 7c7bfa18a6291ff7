import { Button, Card, Group, Stack, TagsInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { tagsKeys } from '../../../../app/query/keys/fichas-keys';
import { type Ficha, fichasApi } from '../../api/fichas-api';
import { MAX_TAGS } from '../../lib/ficha-form';

/** Tags of a ficha: up to 20, no repeats (case-insensitive), saved with PATCH. */
export function TagsPanel({ ficha, canWrite, onChanged }: { ficha: Ficha; canWrite: boolean; onChanged: () => void }) {
  const { t } = useTranslation('fichas');
  const [value, setValue] = useState(ficha.tags.map((tag) => tag.name));
  const [error, setError] = useState<string | undefined>();
  const tags = useQuery({ queryKey: tagsKeys.suggestions(), queryFn: fichasApi.tagSuggestions, staleTime: 60_000 });
  const change = (next: string[]) => {
    const seen = new Set<string>();
    const unique = next.filter((n) => {
      const k = n.trim().toLowerCase();
      if (!k || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    setError(unique.length !== next.length ? t('fichas:form.errors.tagsRepeated') : undefined);
    setValue(unique.slice(0, MAX_TAGS));
  };
  const save = useMutation({
    mutationFn: () => fichasApi.patch(ficha.id, { tags: value.map((name) => ({ name })) }),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.updated'));
      onChanged();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('fichas:detail.tabs.tags')}
        </Title>
        <TagsInput
          aria-label={t('fichas:detail.tabs.tags')}
          description={t('fichas:form.tagsHint', { max: MAX_TAGS })}
          data={tags.data ?? []}
          value={value}
          onChange={change}
          maxTags={MAX_TAGS}
          allowDuplicates={false}
          disabled={!canWrite}
          error={error}
          clearable
        />
        {canWrite && (
          <Group justify="flex-end">
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              {t('fichas:actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
