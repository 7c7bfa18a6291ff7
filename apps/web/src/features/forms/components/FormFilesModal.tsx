import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
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
        {q.isLoading ? <Text c="dimmed">{t('forms:panel.loading')}</Text> : null}
        {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
        {!q.isLoading && files.length === 0 ? <Text c="dimmed">{t('forms:files.empty')}</Text> : null}
        {files.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forms:files.name')}</Table.Th>
                <Table.Th>{t('forms:files.size')}</Table.Th>
                <Table.Th>{t('forms:files.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((f, n) => (
                <Table.Tr key={`${f.name}-${f.uploadedAt}`}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      onClick={() =>
                        form &&
                        formsApi
                          .downloadSupporting(form.type, form.id, n, f.name)
                          .catch((e) => notifyError(errorMessage(e)))
                      }
                    >
                      <TruncatedText value={f.name} />
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {t('forms:files.kb', { size: formatAmount(Math.max(1, Math.round(f.size / 1024))) })}
                  </Table.Td>
                  <Table.Td>{formatDate(f.uploadedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
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
