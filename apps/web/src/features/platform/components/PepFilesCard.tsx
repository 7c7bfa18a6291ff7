import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PdfDropzone } from '../../../app/ui/PdfDropzone';
import { type Person, peopleApi } from '../api/platform-api';
import { platformKeys } from '../keys';

/** The documents kept on a person (PDF, 25 MB, checked by content on the server) and their download. */
export function PepFilesCard({ person }: { person: Person }) {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => peopleApi.uploadFile(person.id, file),
    onSuccess: (p, file) => {
      notifySuccess(t('platform:pep.files.uploaded', { name: file.name }));
      qc.setQueryData(platformKeys.person(p.id), p);
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const download = (url: string, name: string) =>
    peopleApi.downloadFile(url, name).catch((e: unknown) => notifyError(errorMessage(e)));
  const columns: Column<Person['files'][number]>[] = [
    {
      key: 'name',
      header: t('platform:pep.files.name'),
      render: (f) => (
        <Anchor component="button" type="button" size="sm" onClick={() => void download(f.url, f.name)}>
          {f.name}
        </Anchor>
      ),
    },
    {
      key: 'size',
      header: t('platform:pep.files.size'),
      width: 120,
      render: (f) => (
        <Text size="sm">
          {f.size === null ? '-' : t('platform:pep.files.kb', { size: formatNumber(f.size / 1024, i18n.language, 0) })}
        </Text>
      ),
    },
    {
      key: 'uploadedAt',
      header: t('platform:pep.files.uploadedAt'),
      width: 170,
      render: (f) => <Text size="sm">{formatDateTime(f.uploadedAt)}</Text>,
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" maw={880}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('platform:pep.files.title')}
        </Title>
        <DataTable
          minWidth={0}
          columns={columns}
          rows={person.files}
          getId={(f) => f.url}
          emptyText={t('platform:pep.files.empty')}
        />
        <PdfDropzone onFile={(f) => upload.mutate(f)} loading={upload.isPending} testId="pep-file-dropzone" />
      </Stack>
    </Card>
  );
}
