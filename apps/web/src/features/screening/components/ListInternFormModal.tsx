import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListIntern } from '../api/screening-api';
import { INTEREST_REASONS } from '../lib/interest-reasons';

export interface ListInternFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  reason: string | null;
  otherReason: string;
}

interface Props {
  opened: boolean;
  record: ListIntern | null;
  saving: boolean;
  onClose: () => void;
  onSave: (v: ListInternFormValues) => void;
}

/** Create or edit an entry of the list of interest: document, optional name, person type, reason or other reason. */
export function ListInternFormModal({ opened, record, saving, onClose, onSave }: Props) {
  const { t } = useTranslation('screening');
  const [v, setV] = useState<ListInternFormValues>({
    dni: '',
    name: '',
    personType: 'natural',
    reason: null,
    otherReason: '',
  });
  useEffect(() => {
    if (opened)
      setV({
        dni: record?.dni ?? '',
        name: record?.name ?? '',
        personType: record?.personType ?? 'natural',
        reason: record?.reason ?? null,
        otherReason: record?.otherReason ?? '',
      });
  }, [opened, record]);
  return (
    <Modal opened={opened} onClose={onClose} title={record ? t('interest.edit') : t('interest.new')}>
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
            label={t('interest.dni')}
            required
            value={v.dni}
            onChange={(e) => setV({ ...v, dni: e.currentTarget.value })}
            maxLength={40}
          />
          <TextInput
            label={t('interest.name')}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          <Select
            label={t('interest.reason')}
            value={v.reason}
            onChange={(x) => setV({ ...v, reason: x })}
            data={INTEREST_REASONS.map((r) => ({ value: r, label: t(`interest.reasons.${r}`) }))}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          {v.reason === 'other' && (
            <TextInput
              label={t('interest.otherReason')}
              value={v.otherReason}
              onChange={(e) => setV({ ...v, otherReason: e.currentTarget.value })}
              maxLength={500}
            />
          )}
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
