import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blacklist, BlacklistReason } from '../api/screening-api';

export interface BlacklistFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  reasonId: string | null;
  comment: string;
}

interface Props {
  opened: boolean;
  record: Blacklist | null;
  reasons: BlacklistReason[];
  saving: boolean;
  onClose: () => void;
  onSave: (v: BlacklistFormValues) => void;
}

/** Create or edit a blacklist record: document, name, person type, reason and comment. */
export function BlacklistFormModal({ opened, record, reasons, saving, onClose, onSave }: Props) {
  const { t } = useTranslation('screening');
  const [v, setV] = useState<BlacklistFormValues>({
    dni: '',
    name: '',
    personType: 'natural',
    reasonId: null,
    comment: '',
  });
  useEffect(() => {
    if (opened)
      setV({
        dni: record?.dni ?? '',
        name: record?.name ?? '',
        personType: record?.personType ?? 'natural',
        reasonId: record?.reasonId ?? null,
        comment: record?.comment ?? '',
      });
  }, [opened, record]);
  return (
    <Modal opened={opened} onClose={onClose} title={record ? t('blacklist.edit') : t('blacklist.new')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (v.dni.trim()) onSave(v);
        }}
      >
        <Stack>
          <SegmentedControl
            value={v.personType}
            onChange={(x) => setV({ ...v, personType: x as 'natural' | 'legal' })}
            data={[
              { value: 'natural', label: t('consult.natural') },
              { value: 'legal', label: t('consult.legal') },
            ]}
          />
          <TextInput
            label={t('blacklist.dni')}
            required
            value={v.dni}
            onChange={(e) => setV({ ...v, dni: e.currentTarget.value })}
            maxLength={40}
          />
          <TextInput
            label={t('blacklist.name')}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          <Select
            label={t('blacklist.reason')}
            value={v.reasonId}
            onChange={(x) => setV({ ...v, reasonId: x })}
            data={reasons.map((r) => ({ value: r.id, label: r.text }))}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={350}
          />
          <Textarea
            label={t('blacklist.comment')}
            value={v.comment}
            onChange={(e) => setV({ ...v, comment: e.currentTarget.value })}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('blacklist.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!v.dni.trim()}>
              {t('blacklist.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
