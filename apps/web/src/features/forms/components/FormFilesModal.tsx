import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { PdfDropzone } from '../../../app/ui/PdfDropzone';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { formsApi } from '../api/forms-api';
import { formsKeys } from '../keys';

/**
 * The supporting documents of a form (spec 001 §7 addfile): the list with size and date, each downloadable, and the
 * upload of a PDF (25 MB at most, encrypted ones refused by the server with its translated message).
 */
export function FormFilesModal({
  form,
  readOnly,
  onClose,
}: {
  form: { type: FormTypeT; id: string; name: string } | null;
  readOnly?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = formsKeys.form(form?.id);
  const q = useQuery({
    queryKey: key,
    queryFn: () => formsApi.get(form?.type ?? 'formDOF', form?.id ?? ''),
    enabled: !!form,
  });
  const upload = useMutation({
    mutationFn: (file: File) => formsApi.addFile(form?.type ?? 'formDOF', form?.id ?? '', file),
    onSuccess: (f) => {
      notifySuccess(t('forms:files.uploaded', { name: f.name }));
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const files = q.data?.files ?? [];
  return (
    <Modal
      opened={!!form}
      onClose={onClose}
      title={form ? t('forms:files.title', { form: t(`forms:types.${form.type}`), name: form.name }) : ''}
      size="lg"
      centered
    >
      <Stack data-testid="form-files">
        {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
        <DataTable
          minWidth={0}
          columns={[
            {
              key: 'name',
              header: t('forms:files.name'),
              render: (f) => (
                <Anchor
                  component="button"
                  onClick={() =>
                    form &&
                    formsApi
                      .downloadSupporting(form.type, form.id, files.indexOf(f), f.name)
                      .catch((e) => notifyError(errorMessage(e)))
                  }
                >
                  <TruncatedText value={f.name} />
                </Anchor>
              ),
            },
            {
              key: 'size',
              header: t('forms:files.size'),
              width: 110,
              render: (f) => t('forms:files.kb', { size: formatAmount(Math.max(1, Math.round(f.size / 1024))) }),
            },
            { key: 'date', header: t('forms:files.date'), width: 120, render: (f) => formatDate(f.uploadedAt) },
          ]}
          rows={files}
          getId={(f) => `${f.name}-${f.uploadedAt}`}
          loading={q.isLoading}
          emptyText={t('forms:files.empty')}
        />
        <Text size="xs" c="dimmed">
          {t('forms:files.help')}
        </Text>
        {!readOnly && (
          <PdfDropzone onFile={(f) => upload.mutate(f)} loading={upload.isPending} testId="form-file-upload" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('forms:bulk.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
