import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { type FichaLite, type ParticipantDraft, toFormValues } from '../lib/operation-form';

let counter = 0;

/** Identifies a participant by document against the company's fichas; an unknown document starts a new ficha. */
export function IdentifyParticipant({ onAdd }: { onAdd: (p: ParticipantDraft) => void }) {
  const { t } = useTranslation('operations');
  const [dni, setDni] = useState('');
  const [type, setType] = useState<'natural' | 'legal'>('natural');
  const base = { key: `p${counter++}`, dni: dni.trim(), type, monto: '', efective: '0' };
  // a read on demand: useMutation gives it the pending state of the button
  const lookup = useMutation({
    mutationFn: (draft: typeof base) =>
      api.get<FichaLite>(`/fichas-clientes/by-dni/${encodeURIComponent(draft.dni)}`, { redirectOn403: false }),
    onSuccess: (f, draft) => onAdd(toFormValues(draft, f)),
    onError: (err, draft) => {
      // an unknown document starts a new ficha
      if (err instanceof ApiError && err.status === 404) onAdd(toFormValues(draft, null));
      else notifyError(errorMessage(err));
    },
    onSettled: () => setDni(''),
  });
  const search = () => {
    if (!dni.trim()) return;
    lookup.mutate(base);
  };
  return (
    <Group align="end">
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as 'natural' | 'legal')}
        data={[
          { value: 'natural', label: t('operations:form.natural') },
          { value: 'legal', label: t('operations:form.legal') },
        ]}
      />
      <TextInput
        label={t('operations:form.document')}
        value={dni}
        onChange={(e) => setDni(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search();
        }}
        data-testid="participant-dni"
      />
      <Button onClick={() => search()} loading={lookup.isPending} data-testid="participant-add">
        {t('operations:form.identify')}
      </Button>
    </Group>
  );
}
