import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { formatDate } from '@regcheck/shared/format/date';
import { IconDownload, IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { useDocumentRules } from '../../../../app/settings/useDocumentRules';
import { DataTable } from '../../../../app/ui/DataTable';
import { DeleteAction, RowAction } from '../../../../app/ui/RowAction';
import { downloadFichaFile, type Ficha, fichasApi, uploadFichaPdf } from '../../api/fichas-api';

/** The ficha's documents: upload by drop (the company's file rules: PDF up to 25 MB by default), download and delete. */
export function DocumentsPanel({
  ficha,
  canWrite,
  onChanged,
}: {
  ficha: Ficha;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('fichas');
  const rules = useDocumentRules();
  const [error, setError] = useState<string | null>(null);
  const files = ficha.files.map((f, index) => ({ ...f, index })).filter((f) => f.active);

  const upload = useMutation({
    mutationFn: async (list: File[]) => {
      for (const file of list) await uploadFichaPdf(ficha.id, file);
    },
    onMutate: () => setError(null),
    onSuccess: () => onChanged(),
    onError: (e) => setError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (index: number) => fichasApi.deleteFile(ficha.id, index),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.fileDeleted'));
      onChanged();
    },
    onError: (e) => notifyError(isApiError(e) && e.message ? e.message : t('fichas:messages.fileUpdateFailed')),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('fichas:detail.tabs.documents')}
        </Title>
        {canWrite && (
          <Dropzone
            onDrop={(accepted) => upload.mutate(accepted)}
            onReject={(rejections) => {
              const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
              setError(
                tooLarge && rules.limits
                  ? t('companyConfig:errors.UPLOAD_TOO_LARGE', { mb: rules.maxBytes / 1024 / 1024 })
                  : t(tooLarge ? 'fichas:errors.FILE_TOO_LARGE' : 'fichas:errors.FILE_FORMAT'),
              );
            }}
            maxSize={rules.maxBytes}
            accept={rules.accept}
            loading={upload.isPending}
            data-testid="documents-dropzone"
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={36} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={36} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileTypePdf size={36} />
              </Dropzone.Idle>
              <div>
                <Text size="md">{rules.pdfOnly ? t('fichas:documents.drop') : t('companyConfig:files.dropAny')}</Text>
                <Text size="xs" c="dimmed">
                  {rules.limits ?? t('fichas:documents.limits')}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {error && (
          <Alert color="red" data-testid="documents-error" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <DataTable
          testId="documents-table"
          headless
          minWidth={0}
          columns={[
            { key: 'name', header: '', render: (f) => f.name },
            { key: 'date', header: '', width: 110, render: (f) => (f.uploadedAt ? formatDate(f.uploadedAt) : '') },
            { key: 'size', header: '', width: 90, render: (f) => (f.size ? `${Math.ceil(f.size / 1024)} KB` : '') },
            {
              key: 'actions',
              header: '',
              width: 80,
              tooltip: false,
              render: (f) => (
                <Group gap={4} justify="flex-end">
                  <RowAction
                    label={t('fichas:actions.download')}
                    icon={<IconDownload size={16} />}
                    onClick={() => void downloadFichaFile(f.url, f.name).catch((e: Error) => notifyError(e.message))}
                  />
                  {canWrite && (
                    <DeleteAction label={t('fichas:actions.delete')} onClick={() => remove.mutate(f.index)} />
                  )}
                </Group>
              ),
            },
          ]}
          rows={files}
          getId={(f) => `${f.index}-${f.name}`}
          emptyText={t('fichas:documents.none')}
        />
      </Stack>
    </Card>
  );
}
