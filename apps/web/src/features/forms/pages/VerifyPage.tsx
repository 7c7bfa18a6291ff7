import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/query/errorMessage';
import { PdfDropzone } from '../../../app/ui/PdfDropzone';
import { publicFormsApi } from '../api/forms-api';

/** /public/verify: a PDF checked against RegCheck's signatures (unchanged, signed by the platform, for whom and when). */
export function VerifyPage() {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: (f: File) => publicFormsApi.verify(f) });
  const r = check.data;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>{t('forms:verify.title')}</Title>
        <Text>{t('forms:verify.help')}</Text>
        <PdfDropzone onFile={(f) => check.mutate(f)} loading={check.isPending} testId="verify-file" />
        {check.isError ? <Alert color="red">{errorMessage(check.error)}</Alert> : null}
        {r ? (
          <Card withBorder data-testid="verify-result">
            <Stack gap="xs">
              {r.valid && r.form ? (
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
