import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { defaultDocumentType, formatDocument, type PersonType } from '@regcheck/shared/documents/index';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../app/ui/DataTable';
import { DeleteAction } from '../../../app/ui/RowAction';
import type { FormErrors } from '../lib/ficha-form';
import {
  allowsLegalPerson,
  type ExistingRelated,
  emptyFormValues,
  type FormRelationType,
  percentageRule,
  type RelatedDraft,
  toFormValues,
  validate,
} from '../lib/related-person-form';
import { DocumentFields } from './DocumentFields';
import { PercentageInput } from './PercentageInput';

interface Props {
  types: readonly FormRelationType[];
  drafts: RelatedDraft[];
  onChange: (drafts: RelatedDraft[]) => void;
  existing: ExistingRelated[];
  onRemoveExisting?: (relationshipId: string) => void;
  participant: { documentType: string; dni: string };
  companyCountry: string;
  /** server messages per draft key */
  serverErrors: Record<string, string>;
}

/** Legal representatives, beneficial owners, effective control and partners added inside the ficha form. */
export function RelatedPersonsEditor(props: Props) {
  const { t } = useTranslation('fichas');
  const { types, drafts, onChange, existing, onRemoveExisting, participant, companyCountry, serverErrors } = props;
  const [draft, setDraft] = useState<RelatedDraft>(() => emptyFormValues(types[0] ?? 'representant', companyCountry));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (patch: Partial<RelatedDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const msg = (field: string) => {
    const p = errors[field];
    return p ? t(`fichas:${p.key}`, p.params) : undefined;
  };

  const pseudoExisting: RelatedDraft[] = existing.map((e) => toFormValues(e, companyCountry));

  const add = () => {
    const found = validate(draft, participant, [...drafts, ...pseudoExisting]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onChange([...drafts, draft]);
    setDraft(emptyFormValues(draft.relationType, companyCountry));
  };

  const rule = percentageRule(draft.relationType);
  const rows = [
    ...existing.map((e) => ({
      key: e.relationshipId,
      type: e.relationType,
      name: e.fullName,
      dni: e.dniFormatted,
      participation: e.participation,
      saved: true,
      onRemove: onRemoveExisting ? () => onRemoveExisting(e.relationshipId) : undefined,
      error: undefined as string | undefined,
    })),
    ...drafts.map((d) => ({
      key: d.key,
      type: d.relationType,
      name:
        d.personType === 'natural' ? [d.name, d.fatherName, d.motherName].filter(Boolean).join(' ') : d.socialReason,
      dni: formatDocument(d.documentType, d.dni),
      participation: d.participation ? Number(d.participation) : null,
      saved: !!d.relationshipId,
      onRemove: d.relationshipId ? undefined : () => onChange(drafts.filter((x) => x.key !== d.key)),
      error: serverErrors[d.key],
    })),
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('fichas:form.sections.related')}
        </Title>
        {rows.length > 0 && (
          <DataTable
            testId="related-table"
            minWidth={0}
            columns={[
              {
                key: 'type',
                header: t('fichas:related.columns.type'),
                render: (r) => t(`fichas:relationTypes.${r.type}`),
              },
              {
                key: 'name',
                header: t('fichas:related.columns.name'),
                render: (r) => (
                  <>
                    {r.name}
                    {r.error && (
                      <Text size="xs" c="red.9" data-testid="related-row-error">
                        {r.error}
                      </Text>
                    )}
                  </>
                ),
              },
              { key: 'dni', header: t('fichas:related.columns.dni'), width: 140, render: (r) => r.dni },
              {
                key: 'participation',
                header: t('fichas:related.columns.participation'),
                width: 110,
                render: (r) => (r.participation == null ? '-' : `${r.participation}%`),
              },
              {
                key: 'actions',
                header: '',
                width: 130,
                tooltip: false,
                render: (r) => (
                  <Group gap={4} justify="flex-end">
                    {!r.saved && (
                      <Badge variant="light" size="sm">
                        {t('fichas:related.pending')}
                      </Badge>
                    )}
                    {r.onRemove && <DeleteAction label={t('fichas:actions.remove')} onClick={r.onRemove} />}
                  </Group>
                ),
              },
            ]}
            rows={rows}
            getId={(r) => r.key}
          />
        )}
        <Card withBorder radius="sm" padding="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('fichas:related.relationType')}
                data={types.map((x) => ({ value: x, label: t(`fichas:relationTypes.${x}`) }))}
                value={draft.relationType}
                onChange={(v) => {
                  if (!v) return;
                  const type = v as FormRelationType;
                  const personType: PersonType = allowsLegalPerson(type) ? draft.personType : 'natural';
                  set({ relationType: type, personType, documentType: defaultDocumentType(draft.country, personType) });
                }}
                data-testid="related-type"
              />
              <Select
                label={t('fichas:form.fields.personType')}
                data={(['natural', 'legal'] as const).map((p) => ({
                  value: p,
                  label: t(`fichas:personType.${p}`),
                  disabled: p === 'legal' && !allowsLegalPerson(draft.relationType),
                }))}
                value={draft.personType}
                onChange={(v) =>
                  v &&
                  set({
                    personType: v as PersonType,
                    documentType: defaultDocumentType(draft.country, v as PersonType),
                  })
                }
                error={msg('personType')}
              />
            </Group>
            <DocumentFields
              testPrefix="related-"
              personType={draft.personType}
              country={draft.country}
              documentType={draft.documentType}
              dni={draft.dni}
              onChange={(p) => set(p)}
              errors={{ dni: msg('dni') }}
            />
            {draft.personType === 'natural' ? (
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('fichas:form.fields.name')}
                  withAsterisk
                  value={draft.name}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  error={msg('name')}
                  data-testid="related-name"
                />
                <TextInput
                  label={t('fichas:form.fields.fatherName')}
                  withAsterisk
                  value={draft.fatherName}
                  onChange={(e) => set({ fatherName: e.currentTarget.value })}
                  error={msg('fatherName')}
                  data-testid="related-fatherName"
                />
                <TextInput
                  label={t('fichas:form.fields.motherName')}
                  value={draft.motherName}
                  onChange={(e) => set({ motherName: e.currentTarget.value })}
                  error={msg('motherName')}
                />
              </Group>
            ) : (
              <TextInput
                label={t('fichas:form.fields.socialReason')}
                withAsterisk
                value={draft.socialReason}
                onChange={(e) => set({ socialReason: e.currentTarget.value })}
                error={msg('socialReason')}
              />
            )}
            {rule !== 'none' && (
              <PercentageInput
                label={t('fichas:related.participation')}
                description={t(
                  draft.relationType === 'effectiveControl'
                    ? 'fichas:related.effectiveControlHint'
                    : 'fichas:related.ownershipHint',
                )}
                withAsterisk={rule === 'required'}
                value={draft.participation}
                onChange={(v) => set({ participation: v })}
                error={msg('participation')}
                w={220}
                data-testid="related-participation"
              />
            )}
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} data-testid="related-add">
                {t('fichas:related.add')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Card>
  );
}
