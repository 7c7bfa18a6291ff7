import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListIntern } from '../api/screening-api';
import { INTEREST_REASONS, type ListInternFormValues, toFormValues } from '../lib/list-intern-form';
import { DocumentFormModal, type RecordFormProps } from './DocumentFormModal';

/** Create or edit an entry of the list of interest: document, optional name, person type, reason or other reason. */
export function ListInternFormModal(props: RecordFormProps<ListIntern, ListInternFormValues>) {
  const { t } = useTranslation('screening');
  return (
    <DocumentFormModal {...props} list="interest" toFormValues={toFormValues}>
      {(v, setV) => (
        <>
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
        </>
      )}
    </DocumentFormModal>
  );
}
