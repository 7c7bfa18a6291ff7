import { Select, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blacklist, BlacklistReason } from '../api/screening-api';
import { DocumentFormModal, type DocumentFormValues } from './DocumentFormModal';

export interface BlacklistFormValues extends DocumentFormValues {
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
    <DocumentFormModal
      opened={opened}
      title={record ? t('blacklist.edit') : t('blacklist.new')}
      dniLabel={t('blacklist.dni')}
      nameLabel={t('blacklist.name')}
      values={v}
      onChange={setV}
      saving={saving}
      onClose={onClose}
      onSave={onSave}
    >
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
    </DocumentFormModal>
  );
}
