import { Alert, Badge, Button, Card, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { SIGNER_CAPACITIES, type SignerCapacityT } from '@regcheck/shared/schemas/forms';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publicFormsApi, type SignerChoice } from '../api/forms-api';
import { formsKeys } from '../keys';

const OTHER = 'other-person';

/**
 * Who signs for the company (issue 25 point 4, decision 189): a company's declaration is signed by a natural person.
 * The legal representatives the company has on record are offered first, marked as on record; another person is
 * entered with name, document (RUT in Chile, CPF in Brazil, checked by the server) and capacity, and is told it
 * stays a declared, unverified signer. The photos and the signature that follow are that person's.
 */
export function SignerStep({
  formId,
  formKey,
  companyName,
  entityName,
  error,
  pending,
  onChoose,
  suggested,
}: {
  formId: string;
  formKey: string;
  /** the company that asks for the declaration */
  companyName: string;
  /** the legal person that declares */
  entityName: string;
  error: { field?: string; message: string } | null;
  pending: boolean;
  onChoose: (c: SignerChoice) => void;
  /** the representative named in the answers (legal DOF, BF), to start the fields of another person with */
  suggested?: { name?: unknown; document?: unknown };
}) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: formsKeys.publicSigner(formId, formKey),
    queryFn: () => publicFormsApi.signerOptions(formId, formKey),
    retry: false,
  });
  const reps = q.data?.representatives ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState(typeof suggested?.name === 'string' ? suggested.name : '');
  const [document, setDocument] = useState(typeof suggested?.document === 'string' ? suggested.document : '');
  const [capacity, setCapacity] = useState<SignerCapacityT | null>(null);
  const choice = picked ?? (reps.length > 0 ? (reps[0]?.id ?? OTHER) : OTHER);
  const other = choice === OTHER;
  const docType = q.data?.documentType ?? '';
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);
  const submit = () =>
    onChoose(other ? { name, document, capacity: capacity ?? undefined } : { representativeId: choice });
  return (
    <Card withBorder data-testid="signer-step">
      <Stack>
        <Text size="sm">{t('forms:signer.help', { company: entityName })}</Text>
        <Radio.Group
          value={choice}
          onChange={setPicked}
          label={reps.length > 0 ? t('forms:signer.known', { company: companyName }) : undefined}
        >
          <Stack gap="xs" mt={reps.length > 0 ? 'xs' : 0}>
            {reps.map((r) => (
              <Radio
                key={r.id}
                value={r.id}
                wrapperProps={{ 'data-testid': 'signer-known' }}
                label={
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {r.name}
                    </Text>
                    <Text size="sm">{r.document}</Text>
                    <Badge size="xs" variant="light" color="teal">
                      {t('forms:signer.knownBadge')}
                    </Badge>
                  </Group>
                }
              />
            ))}
            <Radio value={OTHER} label={t('forms:signer.other')} wrapperProps={{ 'data-testid': 'signer-other' }} />
          </Stack>
        </Radio.Group>
        {other ? (
          <Stack gap="sm">
            <TextInput
              label={t('forms:signer.name')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError('name')}
              data-testid="signer-name"
              autoComplete="name"
            />
            <TextInput
              label={t('forms:signer.document', { type: docType })}
              required
              value={document}
              onChange={(e) => setDocument(e.currentTarget.value)}
              error={fieldError('document')}
              data-testid="signer-document"
            />
            <Select
              label={t('forms:signer.capacity')}
              required
              value={capacity}
              onChange={(v) => setCapacity(v as SignerCapacityT | null)}
              data={SIGNER_CAPACITIES.map((c) => ({ value: c, label: t(`forms:signer.capacities.${c}`) }))}
              error={fieldError('capacity')}
              data-testid="signer-capacity"
            />
            <Alert color="yellow" variant="light" p="xs">
              <Text size="xs">{t('forms:signer.declaredNote', { company: companyName })}</Text>
            </Alert>
          </Stack>
        ) : null}
        <Button onClick={submit} loading={pending || q.isLoading} data-testid="signer-continue">
          {t('forms:public.continue')}
        </Button>
      </Stack>
    </Card>
  );
}
