import { Box, Button, Group, Modal, Paper, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { can } from '@regcheck/shared/permissions';
import { IconDownload, IconEyeOff, IconPencil, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useUser } from '../../../app/session/useSession';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { FilesDropzone } from '../../../app/ui/FilesDropzone';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { MAX_MANUAL_BYTES, type Manual, manualsApi } from '../api/manuals-api';
import { manualsKeys } from '../keys';

/** /home/manual: the company's manuals; the admin roles upload (PDF, 25 MB), rename and deactivate them. */
export function ManualsPage() {
  const { t } = useTranslation('reports');
  const user = useUser();
  // the platform's users have no company: they read every company's manuals and upload none (issue 27)
  const platformUser = !user.company;
  const mayManage = !platformUser && can({ role: user.role, company: user.company }, 'manualUpload');
  const qc = useQueryClient();
  const [inactive, setInactive] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<Manual | null>(null);
  const [newName, setNewName] = useState('');
  const list = useQuery({ queryKey: manualsKeys.list(inactive), queryFn: () => manualsApi.list(inactive) });
  useErrorToast(list.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: manualsKeys.all });
  const tooLarge = !!file && file.size > MAX_MANUAL_BYTES;

  const upload = useMutation({
    mutationFn: () => manualsApi.upload(file as File, name.trim()),
    onSuccess: () => {
      notifySuccess(t('reports:manuals.uploaded'));
      setFile(null);
      setName('');
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const patch = useMutation({
    mutationFn: (v: { id: string; body: { name?: string; active?: boolean } }) => manualsApi.patch(v.id, v.body),
    onSuccess: () => {
      notifySuccess(t('reports:manuals.saved'));
      setRenaming(null);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const download = async (m: Manual) => {
    try {
      await api.download(m.url, `${m.name}.pdf`);
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const columns: Column<Manual>[] = [
    ...(platformUser
      ? [
          {
            key: 'company',
            header: t('reports:manuals.company'),
            render: (m: Manual) => <TruncatedText value={m.companyName ?? ''} />,
          },
        ]
      : []),
    { key: 'name', header: t('reports:manuals.name'), render: (m) => <TruncatedText value={m.name} /> },
    { key: 'date', header: t('reports:manuals.date'), render: (m) => formatDate(m.uploadDate), width: 120 },
    ...(mayManage
      ? [{ key: 'by', header: t('reports:manuals.uploadedBy'), render: (m: Manual) => m.uploadedBy, width: 200 }]
      : []),
    {
      key: 'actions',
      header: '',
      width: mayManage ? 360 : 140,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download(m)}
          >
            {t('reports:manuals.download')}
          </Button>
          {mayManage && (
            <>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPencil size={14} />}
                onClick={() => {
                  setRenaming(m);
                  setNewName(m.name);
                }}
              >
                {t('reports:manuals.rename')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color={m.active ? 'red' : 'teal'}
                leftSection={<IconEyeOff size={14} />}
                onClick={() => patch.mutate({ id: m.id, body: { active: !m.active } })}
              >
                {m.active ? t('reports:manuals.deactivate') : t('reports:manuals.activate')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:manuals.title')}</Title>
      {mayManage && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={4}>{t('reports:manuals.uploadTitle')}</Title>
            <Group align="flex-start" wrap="wrap">
              <Box w={420}>
                <FilesDropzone
                  label={t('reports:manuals.file')}
                  hint={t('common:dropzone.limits')}
                  accept={['application/pdf']}
                  maxBytes={MAX_MANUAL_BYTES}
                  multiple={false}
                  value={file ? [file] : []}
                  onChange={(files) => setFile(files[0] ?? null)}
                  error={tooLarge ? t('reports:errors.FILE_TOO_LARGE') : undefined}
                  testId="manual-file"
                />
              </Box>
              <TextInput
                label={t('reports:manuals.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={150}
                w={320}
                description={t('reports:manuals.nameHint')}
              />
            </Group>
            <Group>
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!file || tooLarge}
                loading={upload.isPending}
                onClick={() => upload.mutate()}
              >
                {t('reports:manuals.upload')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {mayManage && (
        <SegmentedControl
          w="fit-content"
          value={inactive ? 'inactive' : 'active'}
          onChange={(v) => setInactive(v === 'inactive')}
          data={[
            { value: 'active', label: t('reports:manuals.showActive') },
            { value: 'inactive', label: t('reports:manuals.showAll') },
          ]}
        />
      )}
      <DataTable
        testId="manuals-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('reports:manuals.empty')}
      />
      <Modal opened={!!renaming} onClose={() => setRenaming(null)} title={t('reports:manuals.rename')} centered>
        <Stack>
          <TextInput
            label={t('reports:manuals.name')}
            value={newName}
            onChange={(e) => setNewName(e.currentTarget.value)}
            maxLength={150}
            error={newName.trim() ? undefined : t('reports:manuals.nameRequired')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenaming(null)}>
              {t('reports:manuals.cancel')}
            </Button>
            <Button
              disabled={!newName.trim()}
              onClick={() => renaming && patch.mutate({ id: renaming.id, body: { name: newName.trim() } })}
            >
              {t('reports:manuals.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
