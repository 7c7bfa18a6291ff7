import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { PDF_MIME_TYPE } from '@mantine/dropzone';
import { VERIFY_ZIP_MAX_MB } from '@regcheck/shared/schemas/forms';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../app/format/format';
import { errorMessage } from '../../../app/query/errorMessage';
import { usePublicSettings } from '../../../app/settings/usePublicSettings';
import { PdfDropzone } from '../../../app/ui/PdfDropzone';
import { publicFormsApi } from '../api/forms-api';
import { InspectionVerifyResult } from '../components/InspectionVerifyResult';

/**
 * /public/verify: a PDF checked against RegCheck's signatures (unchanged, signed by the platform, for whom and when), or
 * an inspector's file (its PDF or its zip, each part against the manifest).
 */
export function VerifyPage() {
  const { t, i18n } = useTranslation();
  // the server's own limit (VERIFY_ZIP_MAX_MB), so the page refuses exactly what the server refuses
  const zipMaxBytes = usePublicSettings().data?.verifyZipMaxBytes ?? VERIFY_ZIP_MAX_MB * 1024 * 1024;
  const check = useMutation({ mutationFn: (f: File) => publicFormsApi.verify(f) });
  const r = check.data;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>{t('forms:verify.title')}</Title>
        <Text>{t('forms:verify.help')}</Text>
        <Text size="sm" c="dimmed">
          {t('forms:verify.helpInspection')}
        </Text>
        <PdfDropzone
          onFile={(f) => check.mutate(f)}
          loading={check.isPending}
          testId="verify-file"
          rules={{
            accept: [...PDF_MIME_TYPE, 'application/zip', 'application/x-zip-compressed'],
            // a PDF up to 25 MB (the server says so when larger); an inspector's zip up to its own limit
            maxBytes: zipMaxBytes,
            pdfOnly: false,
            limits: t('forms:verify.limits', { size: formatBytes(zipMaxBytes, i18n.language) }),
          }}
        />
        {check.isError ? <Alert color="red">{errorMessage(check.error)}</Alert> : null}
        {r ? (
          <Card withBorder data-testid="verify-result">
            <Stack gap="xs">
              {r.inspection ? (
                <InspectionVerifyResult valid={r.valid} inspection={r.inspection} />
              ) : r.valid && r.form ? (
                <Alert color="green" title={t('forms:verify.valid')}>
                  {t('forms:verify.validDetail', {
                    form: t(`forms:types.${r.form.type}`),
                    name: r.form.name,
                    dni: r.form.dniHint,
                    company: r.form.companyName,
                    // the company's day and time, as the PDF writes them (decision 222)
                    date: t('forms:pdf.at', {
                      date: r.form.signedAtLocal.date,
                      time: r.form.signedAtLocal.time,
                      zone: t(`forms:pdf.zones.${r.form.signedAtLocal.country}`),
                    }),
                  })}
                </Alert>
              ) : (
                <Alert color="red" title={t('forms:verify.invalid')}>
                  {r.integrity ? t('forms:verify.notOurs') : t('forms:verify.altered')}
                </Alert>
              )}
              {r.form?.contentSha256 ? (
                <Stack gap={2} data-testid="verify-content-hash">
                  <Text size="xs" fw={600}>
                    {t('forms:pdf.contentSha256')}
                  </Text>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {r.form.contentSha256}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('forms:pdf.contentSha256Covers')}
                  </Text>
                </Stack>
              ) : null}
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {t('forms:verify.fileHash')}: {r.sha256}
              </Text>
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </Container>
  );
}
