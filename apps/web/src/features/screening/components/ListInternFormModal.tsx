import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListIntern } from '../api/screening-api';
import { INTEREST_REASONS } from '../lib/interest-reasons';
import { DocumentFormModal, type DocumentFormValues } from './DocumentFormModal';

export interface ListInternFormValues extends DocumentFormValues {
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
    <DocumentFormModal
      opened={opened}
      title={record ? t('interest.edit') : t('interest.new')}
      dniLabel={t('interest.dni')}
      nameLabel={t('interest.name')}
      values={v}
      onChange={setV}
      saving={saving}
      onClose={onClose}
      onSave={onSave}
    >
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
    </DocumentFormModal>
  );
}
