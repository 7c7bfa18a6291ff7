import { Select, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blacklist, BlacklistReason } from '../api/screening-api';
import { type BlacklistFormValues, toFormValues, validate } from '../lib/blacklist-form';
import { DocumentFormModal } from './DocumentFormModal';

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
  const [v, setV] = useState<BlacklistFormValues>(() => toFormValues(null));
  useEffect(() => {
    if (opened) setV(toFormValues(record));
  }, [opened, record]);
  return (
    <DocumentFormModal
      opened={opened}
      title={record ? t('screening:blacklist.edit') : t('screening:blacklist.new')}
      dniLabel={t('screening:blacklist.dni')}
      nameLabel={t('screening:blacklist.name')}
      values={v}
      onChange={setV}
      saving={saving}
      validate={validate}
      onClose={onClose}
      onSave={onSave}
    >
      <Select
        label={t('screening:blacklist.reason')}
        value={v.reasonId}
        onChange={(x) => setV({ ...v, reasonId: x })}
        data={reasons.map((r) => ({ value: r.id, label: r.text }))}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={350}
      />
      <Textarea
        label={t('screening:blacklist.comment')}
        value={v.comment}
        onChange={(e) => setV({ ...v, comment: e.currentTarget.value })}
        autosize
        minRows={2}
      />
    </DocumentFormModal>
  );
}
