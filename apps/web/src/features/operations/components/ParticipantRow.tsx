import { Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDni } from '../../../app/format/dni';
import { DeleteAction } from '../../../app/ui/RowAction';
import type { ParticipantDraft, ParticipantIssue } from '../lib/operation-form';
import { shownIssues, type Touched } from '../lib/touched';

interface Props {
  index: number;
  participant: ParticipantDraft;
  issues: ParticipantIssue[];
  currency: string;
  onChange: (p: ParticipantDraft) => void;
  onRemove: () => void;
}

/** One participant of the new operation: who it is, the amount contributed and its cash part, with live checks. */
export function ParticipantRow({ index, participant: p, issues: all, currency, onChange, onRemove }: Props) {
  const { t } = useTranslation('operations');
  const [touched, setTouched] = useState<Touched>({});
  const issues = shownIssues(all, touched);
  const set = (patch: Partial<ParticipantDraft>) => onChange({ ...p, ...patch });
  return (
    <Paper withBorder p="sm" data-testid={`participant-${index}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{p.isNew ? p.newName || p.dni : p.name}</Text>
            <Text c="dimmed" size="sm">
              {displayDni(p.dni)}
            </Text>
            {p.isNew ? <Badge color="blue">{t('operations:form.newFicha')}</Badge> : null}
            {!p.isNew && !p.email ? <Badge color="orange">{t('operations:form.withoutEmail')}</Badge> : null}
          </Group>
          <DeleteAction label={t('operations:form.removeParticipant')} onClick={onRemove} />
        </Group>
        {p.isNew ? (
          <Group grow>
            <TextInput
              label={p.type === 'legal' ? t('operations:form.socialReason') : t('operations:form.name')}
              value={p.newName}
              onChange={(e) => set({ newName: e.currentTarget.value })}
              onBlur={() => setTouched((x) => ({ ...x, name: true }))}
              error={issues.includes('nameRequired') ? t('operations:form.required') : undefined}
              data-testid={`participant-${index}-name`}
            />
            {p.type === 'natural' ? (
              <TextInput
                label={t('operations:form.fatherName')}
                value={p.newFatherName}
                onChange={(e) => set({ newFatherName: e.currentTarget.value })}
              />
            ) : null}
            <TextInput
              label={t('operations:form.email')}
              value={p.newEmail}
              onChange={(e) => set({ newEmail: e.currentTarget.value })}
            />
          </Group>
        ) : null}
        <Group grow>
          <TextInput
            label={`${t('operations:form.amount')} (${currency})`}
            value={p.monto}
            placeholder="1.000.000"
            onChange={(e) => {
              set({ monto: e.currentTarget.value });
              setTouched((x) => ({ ...x, monto: true }));
            }}
            onBlur={() => setTouched((x) => ({ ...x, monto: true }))}
            error={issues.includes('amountRequired') ? t('operations:form.amountRequired') : undefined}
            data-testid={`participant-${index}-amount`}
          />
          <TextInput
            label={`${t('operations:form.cash')} (${currency})`}
            value={p.efective}
            placeholder="0"
            onChange={(e) => set({ efective: e.currentTarget.value })}
            error={issues.includes('cashExceeds') ? t('operations:errors.CASH_EXCEEDS_CONTRIBUTED') : undefined}
            data-testid={`participant-${index}-cash`}
          />
        </Group>
        {issues.includes('duplicate') ? (
          <Text c="red.9" size="sm">
            {t('operations:errors.PERSON_ALREADY_ADDED')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
