import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListIntern } from '../api/screening-api';
import { INTEREST_REASONS, type ListInternFormValues, toFormValues, validate } from '../lib/list-intern-form';
import { DocumentFormModal } from './DocumentFormModal';

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
  const [v, setV] = useState<ListInternFormValues>(() => toFormValues(null));
  useEffect(() => {
    if (opened) setV(toFormValues(record));
  }, [opened, record]);
  return (
    <DocumentFormModal
      opened={opened}
      title={record ? t('screening:interest.edit') : t('screening:interest.new')}
      dniLabel={t('screening:interest.dni')}
      nameLabel={t('screening:interest.name')}
      values={v}
      onChange={setV}
      saving={saving}
      validate={validate}
      onClose={onClose}
      onSave={onSave}
    >
      <Select
        label={t('screening:interest.reason')}
        value={v.reason}
        onChange={(x) => setV({ ...v, reason: x })}
        data={INTEREST_REASONS.map((r) => ({ value: r, label: t(`screening:interest.reasons.${r}`) }))}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {v.reason === 'other' && (
        <TextInput
          label={t('screening:interest.otherReason')}
          value={v.otherReason}
          onChange={(e) => setV({ ...v, otherReason: e.currentTarget.value })}
          maxLength={500}
        />
      )}
    </DocumentFormModal>
  );
}
