import { Button, Checkbox, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_TYPES, MAX_DOCUMENT_MB } from '@regcheck/shared/schemas/company-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { companyConfigApi, type FileConfigT } from '../api/company-config-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';
import { useEditedCompany } from '../lib/edited-company';

/**
 * fileConfig: the largest document a ficha or an operation of the company takes and the document types it accepts
 * (by content, never by name). The uploads apply it as soon as it is saved.
 */
export function FileConfigTab() {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const company = useEditedCompany();
  const qc = useQueryClient();
  const key = adminKeys.fileConfig(company.id);
  const config = useQuery({ queryKey: key, queryFn: () => companyConfigApi.fileConfig(company.id) });
  // what the officer changed; the rest shows the stored setting (never a default before it is read)
  const [edited, setEdited] = useState<{ mb?: number | string; types?: string[] }>({});
  const mb = edited.mb ?? config.data?.maxDocumentMb ?? '';
  const types = edited.types ?? config.data?.documentTypes ?? [];
  const setMb = (v: number | string) => setEdited((e) => ({ ...e, mb: v }));
  const setTypes = (v: string[]) => setEdited((e) => ({ ...e, types: v }));
  const [error, setError] = useState<{ mb?: string; types?: string }>({});
  const save = useMutation({
    mutationFn: (body: FileConfigT) => companyConfigApi.saveFileConfig(company.id, body),
    onSuccess: (saved) => {
      qc.setQueryData(key, saved);
      setEdited({});
      notifySuccess(t('admin:companyForm.updated'));
    },
    onError: (e) => notifyError(e instanceof Error ? e.message : String(e)),
  });
  if (config.error)
    return (
      <LoadError
        title={t('companyConfig:files.loadError')}
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  if (!config.data) return <Skeleton height={280} />;
  const submit = () => {
    const n = Number(mb);
    const found: { mb?: string; types?: string } = {};
    if (!Number.isInteger(n) || n < 1 || n > MAX_DOCUMENT_MB)
      found.mb = t('companyConfig:validation.range', { min: 1, max: MAX_DOCUMENT_MB });
    if (types.length === 0) found.types = t('companyConfig:files.typesRequired');
    setError(found);
    if (!found.mb && !found.types)
      save.mutate({ maxDocumentMb: n, documentTypes: types as FileConfigT['documentTypes'] });
  };
  return (
    <Paper withBorder p="lg">
      <Stack gap="lg" maw={560}>
        <div>
          <Title order={4}>{t('companyConfig:files.heading')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:files.hint')}
          </Text>
        </div>
        <NumberInput
          label={t('companyConfig:files.maxDocumentMb')}
          description={t('companyConfig:files.maxHint', { max: MAX_DOCUMENT_MB })}
          suffix=" MB"
          min={1}
          max={MAX_DOCUMENT_MB}
          allowDecimal={false}
          value={mb}
          onChange={setMb}
          error={error.mb}
          clampBehavior="none"
          w={220}
          data-testid="files-max"
        />
        <Checkbox.Group
          label={t('companyConfig:files.documentTypes')}
          description={t('companyConfig:files.typesHint')}
          value={types}
          onChange={setTypes}
          error={error.types}
        >
          <Stack gap={6} mt={6}>
            {DOCUMENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={t(`companyConfig:files.types.${type}`)}
                data-testid={`files-type-${type}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="files-save">
            {t('companyConfig:common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
