import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { CountrySelect } from '../../../app/ui/CountrySelect';
import { type ListEntry, type ListEntryBody, listsApi } from '../api/platform-api';
import { entryFields } from '../lib/list-paths';

const SCHEMAS = ['Person', 'Company', 'Organization', 'Vessel', 'Aircraft', 'Unknown'] as const;
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/** Adds or changes one entry of a public list, with the fields that list has. */
export function ListEntryModal({
  listId,
  entry,
  onClose,
  onSaved,
}: {
  listId: string;
  entry: ListEntry | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('platform');
  const fields = entryFields(listId);
  const [v, setV] = useState({
    name: entry?.name ?? '',
    aliases: (entry?.names.slice(1) ?? []).join('\n'),
    schema: entry?.schema && entry.schema !== 'Unknown' ? entry.schema : 'Person',
    dni: entry?.dni ?? entry?.identifiers[0]?.value ?? '',
    country: entry?.country ?? entry?.countries[0] ?? '',
    nationality: entry?.nationality ?? '',
    reason: entry?.reason ?? '',
    word: entry?.word ?? '',
    city: entry?.city ?? '',
    region: entry?.region ?? '',
    programs: (entry?.programs ?? []).join('\n'),
    remarks: entry?.remarks ?? '',
  });
  const set = (k: keyof typeof v, value: string) => setV((o) => ({ ...o, [k]: value }));
  const save = useMutation({
    mutationFn: () => {
      const body: ListEntryBody = {};
      for (const f of fields) {
        if (f === 'aliases') body.aliases = lines(v.aliases);
        else if (f === 'programs') body.programs = lines(v.programs);
        else if (f === 'schema') body.schema = v.schema as ListEntryBody['schema'];
        else if (v[f].trim()) body[f] = v[f].trim();
      }
      return entry ? listsApi.updateEntry(listId, entry.id, body) : listsApi.createEntry(listId, body);
    },
    onSuccess: (e) => {
      notifySuccess(t('platform:lists.entries.saved', { name: e.name }));
      onSaved();
    },
  });
  const text = (k: 'name' | 'dni' | 'nationality' | 'reason' | 'word' | 'city' | 'region') =>
    fields.includes(k) && (
      <TextInput
        key={k}
        label={t(`platform:lists.entryForm.${k}`)}
        value={v[k]}
        onChange={(e) => set(k, e.currentTarget.value)}
        data-testid={`entry-${k}`}
      />
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(entry ? 'platform:lists.entries.editTitle' : 'platform:lists.entries.addTitle')}
      size="lg"
      centered
    >
      <Stack gap="sm">
        {text('word')}
        {text('city')}
        {text('region')}
        {fields.includes('country') && (
          <CountrySelect
            label={t('platform:lists.entryForm.country')}
            value={v.country || null}
            onChange={(c) => set('country', c ?? '')}
            clearable
          />
        )}
        {text('name')}
        {fields.includes('aliases') && (
          <Textarea
            label={t('platform:lists.entryForm.aliases')}
            value={v.aliases}
            onChange={(e) => set('aliases', e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )}
        {fields.includes('schema') && (
          <Select
            label={t('platform:lists.entryForm.schema')}
            data={SCHEMAS.map((s) => ({ value: s, label: t(`platform:lists.schemas.${s}`) }))}
            value={v.schema}
            onChange={(s) => set('schema', s ?? 'Person')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {text('dni')}
        {text('nationality')}
        {fields.includes('programs') && (
          <Textarea
            label={t('platform:lists.entryForm.programs')}
            value={v.programs}
            onChange={(e) => set('programs', e.currentTarget.value)}
            autosize
            minRows={1}
          />
        )}
        {text('reason')}
        {fields.includes('remarks') && (
          <Textarea
            label={t('platform:lists.entryForm.remarks')}
            value={v.remarks}
            onChange={(e) => set('remarks', e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )}
        {save.error && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('platform:pep.form.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="entry-save">
            {t('platform:pep.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
