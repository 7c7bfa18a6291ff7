import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconFileCertificate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { useUser } from '../../../../app/session/useSession';
import { inspectionApi } from '../../api/inspection-api';
import { InspectionJobRow, running, useInspectionJobs } from '../InspectionJobs';

/**
 * The ficha's "Inspector's file" action (issue 28): asks for the customer's file (a job), shows its progress while
 * it is built, tells when it is ready and downloads its zip. Shown to the roles that may ask for it (inspectionFile).
 */
export function InspectionFileAction({ fichaId }: { fichaId: string }) {
  const user = useUser();
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const key = fichasKeys.inspectionFiles(fichaId);
  const allowed = can({ role: user.role, company: user.company }, 'inspectionFile');
  const { files, started } = useInspectionJobs({
    queryKey: key,
    list: () => inspectionApi.files(fichaId),
    enabled: allowed && open,
    readyToast: t('reports:inspection.ui.readyToast'),
  });
  const start = useMutation({
    mutationFn: () => inspectionApi.start(fichaId),
    onSuccess: (f) => {
      started(f);
      notifySuccess(t('reports:inspection.ui.started'));
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  if (!allowed) return null;

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
            <InspectionJobRow key={f.id} file={f} fallbackName="expediente.zip" testId="inspection" />
          ))}
        </Stack>
      </Modal>
    </>
  );
}
