import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The fields every company list record has: the document, an optional name and the person type. */
export interface DocumentFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
}

interface Props<V extends DocumentFormValues> {
  opened: boolean;
  title: string;
  dniLabel: string;
  nameLabel: string;
  values: V;
  onChange: (v: V) => void;
  saving: boolean;
  /** The form module's check: saving needs no error. */
  validate: (v: V) => Record<string, unknown>;
  onClose: () => void;
  onSave: (v: V) => void;
  /** The list's own fields (reason, comment...), below the name. */
  children: ReactNode;
}

/**
 * The create/edit form of a company list record (blacklist, list of interest): person type, document and name,
 * then the list's own fields; saving needs a document.
 */
export function DocumentFormModal<V extends DocumentFormValues>(props: Props<V>) {
  const { opened, title, values: v, onChange: setV, saving, onClose, onSave } = props;
  const { t } = useTranslation('screening');
  const valid = Object.keys(props.validate(v)).length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
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
            label={props.dniLabel}
            required
            value={v.dni}
            onChange={(e) => setV({ ...v, dni: e.currentTarget.value })}
            maxLength={40}
          />
          <TextInput
            label={props.nameLabel}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          {props.children}
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
