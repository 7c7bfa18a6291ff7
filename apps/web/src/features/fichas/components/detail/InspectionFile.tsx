import { Alert, Button, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../../app/api/download';
import { formatBytes, formatDateTime } from '../../../../app/format/format';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { useUser } from '../../../../app/session/useSession';
import { type InspectionFile as FileT, inspectionApi } from '../../api/inspection-api';

const running = (files: FileT[] | undefined) => !!files?.some((f) => f.status === 'queued' || f.status === 'running');

/**
 * The ficha's "Inspector's file" action (issue 28): asks for the customer's file (a job), shows its progress while
 * it is built, tells when it is ready and downloads its zip. Shown to the roles that may ask for it (inspectionFile).
 */
export function InspectionFileAction({ fichaId }: { fichaId: string }) {
  const user = useUser();
  const { t, i18n } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const key = ['fichas', 'inspection-files', fichaId];
  const allowed = can({ role: user.role, company: user.company }, 'inspectionFile');
  const files = useQuery({
    queryKey: key,
    queryFn: () => inspectionApi.files(fichaId),
    enabled: allowed && open,
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });
  // a file that was being built when this screen saw it and is now ready: say so once
  const seen = useRef(new Map<string, FileT['status']>());
  useEffect(() => {
    for (const f of files.data ?? []) {
      const before = seen.current.get(f.id);
      if (before && before !== 'ready' && f.status === 'ready') notifySuccess(t('reports:inspection.ui.readyToast'));
      seen.current.set(f.id, f.status);
    }
  }, [files.data, t]);
  const start = useMutation({
    mutationFn: () => inspectionApi.start(fichaId),
    onSuccess: (f) => {
      seen.current.set(f.id, f.status);
      notifySuccess(t('reports:inspection.ui.started'));
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  if (!allowed) return null;
  const download = async (f: FileT) => {
    if (!f.downloadUrl) return;
    try {
      await downloadFile(f.downloadUrl.replace(/^\/api/, ''), f.fileName ?? 'expediente.zip');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const statusText = (f: FileT) =>
    f.status === 'running'
      ? t('reports:inspection.ui.running', { progress: f.progress })
      : f.status === 'failed'
        ? t('reports:inspection.ui.failed', { error: f.error ?? '' })
        : t(`reports:inspection.ui.${f.status}`);

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileCertificate size={16} />}
        onClick={() => setOpen(true)}
        data-testid="inspection-open"
      >
        {t('reports:inspection.ui.action')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('reports:inspection.ui.action')} size="lg">
        <Stack gap="sm">
          <Text size="sm">{t('reports:inspection.ui.intro')}</Text>
          <Group>
            <Button
              onClick={() => start.mutate()}
              loading={start.isPending}
              disabled={running(files.data)}
              data-testid="inspection-generate"
            >
              {t('reports:inspection.ui.generate')}
            </Button>
          </Group>
          {files.isError && <Alert color="red">{errorMessage(files.error)}</Alert>}
          {files.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('reports:inspection.ui.none')}
            </Text>
          )}
          {files.data?.slice(0, 5).map((f) => (
            <Paper key={f.id} withBorder p="sm" data-testid="inspection-file" data-status={f.status}>
              <Group justify="space-between" align="center" wrap="nowrap">
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text size="sm" fw={600}>
                    {statusText(f)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('reports:inspection.ui.requestedBy', { who: f.createdBy, at: formatDateTime(f.createdAt) })}
                    {f.size ? ` · ${formatBytes(f.size, i18n.language)}` : ''}
                  </Text>
                  {(f.status === 'queued' || f.status === 'running') && (
                    <Progress value={Math.max(2, f.progress)} animated aria-label={statusText(f)} />
                  )}
                </Stack>
                {f.status === 'ready' && (
                  <Button
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    onClick={() => void download(f)}
                    data-testid="inspection-download"
                  >
                    {t('reports:inspection.ui.download')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
