import { Select, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Blacklist, BlacklistReason } from '../api/screening-api';
import { type BlacklistFormValues, toFormValues } from '../lib/blacklist-form';
import { DocumentFormModal, type RecordFormProps } from './DocumentFormModal';

interface Props extends RecordFormProps<Blacklist, BlacklistFormValues> {
  reasons: BlacklistReason[];
}

/** Create or edit a blacklist record: document, name, person type, reason and comment. */
export function BlacklistFormModal({ reasons, ...props }: Props) {
  const { t } = useTranslation('screening');
  return (
    <DocumentFormModal {...props} list="blacklist" toFormValues={toFormValues}>
      {(v, setV) => (
        <>
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
        </>
      )}
    </DocumentFormModal>
  );
}
