import { Button, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ALLEGATION_RELATIONSHIPS } from '@regcheck/shared/schemas/allegations';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { ErrorAlert } from '../../../app/ui/ErrorAlert';
import { FilesDropzone } from '../../../app/ui/FilesDropzone';
import { publicAllegationsApi } from '../api/allegations-api';
import { usePublicChannel } from '../components/ChannelUnavailable';
import { PublicShell } from '../components/PublicShell';
import { handOver } from '../lib/filed-once';
import {
  FILE_ACCEPT,
  type FilingValues,
  MAX_DESCRIPTION,
  MAX_FILE_BYTES,
  MAX_FILES,
  toFormValues,
  toPayload,
  validate,
} from '../lib/filing-form';
import { categoryLabel } from '../lib/labels';

/** /public/denounces/new?company={companyId}: the filing form. */
export function NewAllegationPage() {
  const { t } = useTranslation(['allegations', 'errors']);
  const [params] = useSearchParams();
  const companyId = params.get('company') ?? '';
  const navigate = useNavigate();
  const [values, setValues] = useState<FilingValues>(toFormValues);
  const [errors, setErrors] = useState<Partial<Record<keyof FilingValues, string>>>({});
  const [serverError, setServerError] = useState<{ message: string; field?: string } | null>(null);
  const { gate, channel } = usePublicChannel(companyId, t('file.title'));
  const file = useMutation({
    mutationFn: () => publicAllegationsApi.file(toPayload(companyId, values), values.files),
    onSuccess: (r) => {
      // the id and the pin go through memory only (never history state, which a reload shows again)
      handOver({ ...r, companyId, companyName: channel?.companyName });
      void navigate('/public/denounces/success', { replace: true });
    },
    onError: (e) =>
      setServerError(isApiError(e) ? { message: e.message, field: e.field } : { message: t('errors:INTERNAL') }),
  });

  if (gate) return gate;

  const set = <K extends keyof FilingValues>(k: K, v: FilingValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const err = (k: keyof FilingValues) => (errors[k] ? t(errors[k] as string) : undefined);
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setServerError(null);
    const e = validate(values);
    setErrors(e);
    if (Object.keys(e).length === 0) file.mutate();
  };

  return (
    <PublicShell title={t('file.title')} companyName={channel.companyName}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('file.intro')}
          </Text>
          {/* one radio per category, each wholly readable on a phone (a select's one-line input cut "(Lei Kar") */}
          <Radio.Group
            label={t('file.category')}
            required
            value={values.category}
            onChange={(v) => set('category', v)}
            error={err('category')}
            data-testid="field-category"
          >
            <Stack gap="xs" mt="xs">
              {channel.categories.map((c) => (
                <Radio key={c} value={c} label={categoryLabel(t, c)} data-testid={`category-${c}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('file.description')}
            description={t('file.descriptionHelp')}
            required
            autosize
            minRows={5}
            maxLength={MAX_DESCRIPTION}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={err('description')}
            data-testid="field-description"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('file.when')}
              placeholder={t('file.whenPlaceholder')}
              maxLength={200}
              value={values.occurredWhen}
              onChange={(e) => set('occurredWhen', e.currentTarget.value)}
              data-testid="field-when"
            />
            <TextInput
              label={t('file.where')}
              placeholder={t('file.wherePlaceholder')}
              maxLength={300}
              value={values.occurredWhere}
              onChange={(e) => set('occurredWhere', e.currentTarget.value)}
              data-testid="field-where"
            />
          </SimpleGrid>
          <Textarea
            label={t('file.involved')}
            placeholder={t('file.involvedPlaceholder')}
            autosize
            minRows={2}
            maxLength={2000}
            value={values.involved}
            onChange={(e) => set('involved', e.currentTarget.value)}
            data-testid="field-involved"
          />
          <Radio.Group
            label={t('file.relationship')}
            required
            value={values.relationship}
            onChange={(v) => set('relationship', v)}
            error={err('relationship')}
            data-testid="field-relationship"
          >
            <Group mt="xs">
              {ALLEGATION_RELATIONSHIPS.map((r) => (
                <Radio key={r} value={r} label={t(`relationship.${r}`)} data-testid={`relationship-${r}`} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('file.identity')}
            value={values.anonymous ? 'anonymous' : 'identified'}
            onChange={(v) => set('anonymous', v === 'anonymous')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="anonymous" label={t('file.anonymous')} data-testid="identity-anonymous" />
              <Radio value="identified" label={t('file.identified')} data-testid="identity-identified" />
            </Stack>
          </Radio.Group>
          {!values.anonymous && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('file.name')}
                required
                maxLength={150}
                value={values.reporterName}
                onChange={(e) => set('reporterName', e.currentTarget.value)}
                error={err('reporterName')}
                data-testid="field-name"
              />
              <TextInput
                label={t('file.email')}
                type="email"
                maxLength={200}
                value={values.reporterEmail}
                onChange={(e) => set('reporterEmail', e.currentTarget.value)}
                error={err('reporterEmail')}
                data-testid="field-email"
              />
              <TextInput
                label={t('file.phone')}
                maxLength={40}
                value={values.reporterPhone}
                onChange={(e) => set('reporterPhone', e.currentTarget.value)}
                data-testid="field-phone"
              />
            </SimpleGrid>
          )}
          <FilesDropzone
            label={t('file.files')}
            hint={t('file.filesHelp')}
            accept={FILE_ACCEPT}
            maxBytes={MAX_FILE_BYTES}
            maxFiles={MAX_FILES}
            value={values.files}
            onChange={(f) => set('files', f)}
            error={err('files')}
            testId="field-files"
          />
          <ErrorAlert message={serverError?.message} testId="file-error" />
          <Group justify="flex-end">
            <Button type="submit" loading={file.isPending} data-testid="submit-report">
              {t('file.submit')}
            </Button>
          </Group>
          {file.isPending && (
            <Text size="sm" c="dimmed">
              {t('file.sending')}
            </Text>
          )}
        </Stack>
      </form>
    </PublicShell>
  );
}
