import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { notifyError } from '../../../app/notify/notify';
import type { ParticipantDraft } from '../lib/operation-form';

interface FichaLite {
  id: string;
  dni: string;
  personType: 'natural' | 'legal';
  fullName: string;
  email?: string | null;
  risk?: string | null;
}

let counter = 0;

/** Identifies a participant by document against the company's fichas; an unknown document starts a new ficha. */
export function IdentifyParticipant({ onAdd }: { onAdd: (p: ParticipantDraft) => void }) {
  const { t } = useTranslation('operations');
  const [dni, setDni] = useState('');
  const [type, setType] = useState<'natural' | 'legal'>('natural');
  const [loading, setLoading] = useState(false);
  const base = { key: `p${counter++}`, dni: dni.trim(), type, monto: '', efective: '0' };
  const search = async () => {
    if (!dni.trim()) return;
    setLoading(true);
    try {
      const f = await api.get<FichaLite>(`/fichas-clientes/by-dni/${encodeURIComponent(dni.trim())}`, {
        redirectOn403: false,
      });
      onAdd({
        ...base,
        dni: f.dni,
        type: f.personType,
        fichaId: f.id,
        name: f.fullName,
        email: f.email ?? null,
        risk: f.risk ?? null,
        isNew: false,
        newName: '',
        newFatherName: '',
        newEmail: '',
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        onAdd({
          ...base,
          fichaId: null,
          name: '',
          email: null,
          risk: null,
          isNew: true,
          newName: '',
          newFatherName: '',
          newEmail: '',
        });
      } else notifyError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
      setDni('');
    }
  };
  return (
    <Group align="end">
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as 'natural' | 'legal')}
        data={[
          { value: 'natural', label: t('form.natural') },
          { value: 'legal', label: t('form.legal') },
        ]}
      />
      <TextInput
        label={t('form.document')}
        value={dni}
        onChange={(e) => setDni(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void search();
        }}
        data-testid="participant-dni"
      />
      <Button onClick={() => void search()} loading={loading} data-testid="participant-add">
        {t('form.identify')}
      </Button>
    </Group>
  );
}
