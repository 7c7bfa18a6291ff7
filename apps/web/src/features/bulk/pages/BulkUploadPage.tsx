import { Alert, Button, Card, Group, Progress, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone, MS_EXCEL_MIME_TYPE } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useCompanyCountry } from '../../../app/session/useCompanyCountry';
import { CountrySelect } from '../../../app/ui/CountrySelect';
import { ErrorAlert } from '../../../app/ui/ErrorAlert';
import { FormSection } from '../../../app/ui/FormSection';
import { type BulkLoad, type BulkTemplateType, bulkApi, downloadTemplate, uploadSpreadsheet } from '../api/bulk-api';
import { LoadErrorsModal } from '../components/LoadErrorsModal';
import { isRunning, LoadStatusBadge } from '../components/LoadProgress';
import { SimilarRecordsModal } from '../components/SimilarRecordsModal';
import { bulkKeys } from '../keys';

const TYPES: BulkTemplateType[] = ['fichas', 'fichas_v2', 'operation'];
/** The largest spreadsheet the server takes. */
const MAX_BYTES = 60 * 1024 * 1024;
const XLSX = MS_EXCEL_MIME_TYPE.filter((m) => m.includes('openxml'));

/** /tools/massiveUpload: the type, its template, the file and the load's live progress. */
export function BulkUploadPage() {
  const { t } = useTranslation('bulk');
  const qc = useQueryClient();
  const [type, setType] = useState<BulkTemplateType>('fichas');
  const [name, setName] = useState('');
  const [country, setCountry] = useState<string | null>(useCompanyCountry());
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [loadId, setLoadId] = useState<string | null>(null);
  const [errorsOf, setErrorsOf] = useState<BulkLoad | null>(null);

  const load = useQuery({
    queryKey: bulkKeys.load(loadId ?? ''),
    queryFn: () => bulkApi.get(loadId ?? ''),
    enabled: !!loadId,
    // live progress: read every second while the load moves
    refetchInterval: (q) => (q.state.data && !isRunning(q.state.data) ? false : 1000),
  });
  const template = useMutation({
    mutationFn: () => downloadTemplate(type),
    onError: (e) => notifyError(errorMessage(e)),
  });
  // how much of the file is sent (a 100,000-row file is about 10 MB: on a slow line it takes a while)
  const [sent, setSent] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: async () => {
      setSent(0);
      const urlFile = await uploadSpreadsheet(file as File, (done, total) => {
        if (total > 0) setSent(Math.round((100 * done) / total));
      }).finally(() => setSent(null));
      return bulkApi.start({ customName: name.trim(), country: country ?? 'CL', loadType: type, urlFile });
    },
    onSuccess: (l) => {
      setLoadId(l.id);
      void qc.invalidateQueries({ queryKey: bulkKeys.all });
    },
    onError: (e) => setFileError(errorMessage(e)),
  });
  const nameMissing = name.trim() === '';
  const current = load.data;

  return (
    <Stack gap="md" maw={880}>
      <Title order={2}>{t('bulk:upload.title')}</Title>
      <FormSection title={t('bulk:upload.typeTitle')}>
        <Stack>
          <SegmentedControl
            value={type}
            onChange={(v) => setType(v as BulkTemplateType)}
            data={TYPES.map((v) => ({ value: v, label: t(`bulk:types.${v}`) }))}
            data-testid="bulk-type"
          />
          <Text size="sm" c="dimmed">
            {t(`bulk:upload.typeHelp.${type}`)}
          </Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => template.mutate()}
              loading={template.isPending}
              data-testid="bulk-template"
            >
              {t('bulk:upload.template')}
            </Button>
          </Group>
        </Stack>
      </FormSection>
      <FormSection title={t('bulk:upload.fileTitle')}>
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label={t('bulk:upload.name')}
              required
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.currentTarget.value)}
              error={start.isError && nameMissing ? t('bulk:upload.nameRequired') : undefined}
              data-testid="bulk-name"
            />
            <CountrySelect
              label={t('bulk:upload.country')}
              description={t('bulk:upload.countryHelp')}
              value={country}
              onChange={setCountry}
            />
          </Group>
          <Dropzone
            onDrop={(files) => {
              setFileError(null);
              setFile(files[0] ?? null);
            }}
            onReject={(r) => {
              const big = r.some((x) => x.errors.some((e) => e.code === 'file-too-large'));
              setFileError(t(big ? 'bulk:upload.tooLarge' : 'bulk:errors.FILE_FORMAT'));
            }}
            maxSize={MAX_BYTES}
            maxFiles={1}
            accept={XLSX}
            data-testid="bulk-dropzone"
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={32} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={32} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={32} />
              </Dropzone.Idle>
              <div>
                <Text>{file ? file.name : t('bulk:upload.drop')}</Text>
                <Text size="xs" c="dimmed">
                  {t('bulk:upload.limits')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {sent !== null && (
            <Stack gap={4} data-testid="bulk-sending">
              <Progress value={sent} size="sm" />
              <Text size="sm" c="dimmed">
                {t('bulk:upload.sending', { percent: sent })}
              </Text>
            </Stack>
          )}
          <ErrorAlert message={fileError} testId="bulk-file-error" />
          <Group justify="flex-end">
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!file || nameMissing}
              loading={start.isPending}
              onClick={() => start.mutate()}
              data-testid="bulk-start"
            >
              {t('bulk:upload.start')}
            </Button>
          </Group>
        </Stack>
      </FormSection>
      {current && (
        <Card withBorder data-testid="bulk-current">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{current.bulkName}</Text>
              <LoadStatusBadge load={current} />
            </Group>
            <Progress value={current.progress} animated={isRunning(current)} size="lg" />
            <Text size="sm" data-testid="bulk-current-progress">
              {t('bulk:upload.progressText', {
                percent: current.progress,
                processed: current.bulkProcessedQuantity,
                total: current.total ?? 0,
              })}
            </Text>
            {current.fileError && <Alert color="red">{current.fileError}</Alert>}
            {!isRunning(current) && current.bulkStatus !== 'update' && current.bulkStatus !== 'invalid' && (
              <>
                <Text size="sm" data-testid="bulk-current-counts">
                  {t('bulk:history.countsText', {
                    created: current.created,
                    updated: current.updated,
                    failed: current.failed,
                  })}
                </Text>
                <Group>
                  <Button variant="light" onClick={() => setErrorsOf(current)} data-testid="bulk-current-errors">
                    {t('bulk:history.viewErrors')}
                  </Button>
                  <Button
                    variant="subtle"
                    component={Link}
                    to={current.bulkType === 'operation' ? '/home/history' : '/home/fichas'}
                  >
                    {t(current.bulkType === 'operation' ? 'bulk:upload.seeOperations' : 'bulk:upload.seeFichas')}
                  </Button>
                  <Button variant="subtle" component={Link} to="/home/massiveBulks">
                    {t('bulk:upload.seeHistory')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>
      )}
      <LoadErrorsModal load={errorsOf} onClose={() => setErrorsOf(null)} />
      <SimilarRecordsModal load={current?.bulkStatus === 'update' ? current : null} />
    </Stack>
  );
}
