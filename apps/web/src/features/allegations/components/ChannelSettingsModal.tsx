import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifySuccess } from '../../../app/notify/notify';
import { allegationsApi, type Settings } from '../api/allegations-api';
import { allegationsKeys } from '../keys';
import { categoryLabel } from '../lib/labels';

/** The allegations administrator's settings: the categories offered to reporters and the deadlines. */
export function ChannelSettingsModal({ settings, onClose }: { settings: Settings; onClose(): void }) {
  const { t } = useTranslation(['allegations', 'errors']);
  const qc = useQueryClient();
  const [v, setV] = useState<Settings>(settings);
  const [added, setAdded] = useState('');
  const save = useMutation({
    mutationFn: () => allegationsApi.saveSettings(v),
    onSuccess: (s) => {
      qc.setQueryData(allegationsKeys.settings, s);
      notifySuccess(t('settings.saved'));
      onClose();
    },
  });
  const add = () => {
    const c = added.trim();
    if (c && !v.categories.includes(c)) setV({ ...v, categories: [...v.categories, c] });
    setAdded('');
  };
  const num = (k: keyof Omit<Settings, 'categories' | 'country'>, label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      min={min}
      max={max}
      allowDecimal={false}
      value={v[k]}
      onChange={(n) => setV({ ...v, [k]: typeof n === 'number' ? n : min })}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t('settings.title')} size="lg">
      <Stack>
        <Title order={5}>{t('settings.categories')}</Title>
        <Stack gap={4}>
          {v.categories.map((c) => (
            <Group key={c} justify="space-between" wrap="nowrap">
              <Text size="sm">{categoryLabel(t, c)}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('settings.remove', { name: categoryLabel(t, c) })}
                disabled={v.categories.length === 1}
                onClick={() => setV({ ...v, categories: v.categories.filter((x) => x !== c) })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group align="flex-end">
          <TextInput
            label={t('settings.newCategory')}
            maxLength={80}
            value={added}
            onChange={(e) => setAdded(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button variant="light" onClick={add} disabled={!added.trim()}>
            {t('settings.add')}
          </Button>
        </Group>
        <Title order={5}>{t('settings.deadlines')}</Title>
        <SimpleGrid cols={2}>
          {num('acknowledgeDays', t('settings.acknowledgeDays'), 1, 60)}
          {num('feedbackMonths', t('settings.feedbackMonths'), 1, 12)}
          {/* Ley Karin is Chile's: a Brazilian company has no such deadline (decision 137) */}
          {settings.country !== 'BR' && num('karinBusinessDays', t('settings.karinBusinessDays'), 1, 120)}
          {num('remindDaysBefore', t('settings.remindDaysBefore'), 0, 30)}
        </SimpleGrid>
        {save.error && <Alert color="red">{isApiError(save.error) ? save.error.message : t('errors:INTERNAL')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
