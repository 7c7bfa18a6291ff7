import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DocumentFormValues, validate } from '../lib/document-form';

/** What the blacklist's and the list of interest's modals are given by their page. */
export interface RecordFormProps<R, V> {
  opened: boolean;
  record: R | null;
  saving: boolean;
  onClose: () => void;
  onSave: (v: V) => void;
}

interface Props<R, V extends DocumentFormValues> extends RecordFormProps<R, V> {
  /** the list's texts: `screening:<list>.new`, `.edit`, `.dni` and `.name` */
  list: 'blacklist' | 'interest';
  /** the form's values for the record (empty ones for a new record), taken again each time the modal opens */
  toFormValues: (record: R | null) => V;
  /** The list's own fields (reason, comment...), below the name. */
  children: (values: V, setValues: (v: V) => void) => ReactNode;
}

/**
 * The create/edit form of a company list record (blacklist, list of interest): person type, document and name,
 * then the list's own fields; saving needs a document.
 */
export function DocumentFormModal<R, V extends DocumentFormValues>(props: Props<R, V>) {
  const { opened, record, list, toFormValues, saving, onClose, onSave } = props;
  const { t } = useTranslation('screening');
  const [v, setV] = useState<V>(() => toFormValues(null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when the modal opens, not on each render
  useEffect(() => {
    if (opened) setV(toFormValues(record));
  }, [opened, record]);
  const valid = Object.keys(validate(v)).length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={record ? t(`screening:${list}.edit`) : t(`screening:${list}.new`)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onSave(v);
        }}
      >
        <Stack>
          <SegmentedControl
            value={v.personType}
            onChange={(x) => setV({ ...v, personType: x as 'natural' | 'legal' })}
            data={[
              { value: 'natural', label: t('screening:consult.natural') },
              { value: 'legal', label: t('screening:consult.legal') },
            ]}
          />
          <TextInput
            label={t(`screening:${list}.dni`)}
            required
            value={v.dni}
            onChange={(e) => setV({ ...v, dni: e.currentTarget.value })}
            maxLength={40}
          />
          <TextInput
            label={t(`screening:${list}.name`)}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          {props.children(v, setV)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('screening:blacklist.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!valid}>
              {t('screening:blacklist.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
