import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { TAX_FOLDER_TABS, type TaxFolderAnswer, type TaxFolderTab } from '@regcheck/shared/schemas/person-records';
import { IconArrowLeft, IconFileText, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import { recordsApi } from '../api/records-api';
import { Field } from '../components/Field';
import { RecordFrame } from '../components/RecordFrame';
import { periodOf, TaxFolderSection } from '../components/TaxFolderSection';
import { recordsKeys } from '../keys';
import { money } from '../lib/money';

const isTab = (v: string | undefined): v is TaxFolderTab => (TAX_FOLDER_TABS as readonly string[]).includes(v ?? '');

/** One declaration of the folder (carpetaTributaria/view/{id}): a monthly VAT (F29) or annual income (F22) form. */
function DeclarationView({ folder, id, base }: { folder: TaxFolderAnswer; id: string; base: string }) {
  const { t, i18n } = useTranslation('records');
  const c = (k: string) => t(`records:taxFolder.columns.${k}`);
  const clp = (n: number | null) => money(n, 'CLP', i18n.language);
  const vat = folder.vatDeclarations.find((d) => d.id === id);
  const income = folder.incomeDeclarations.find((d) => d.id === id);
  const backLink = (
    <Anchor component={Link} to={`${base}/tab/${vat ? 'vat' : income ? 'income' : 'taxpayer'}`} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('records:taxFolder.backToFolder')}
      </Group>
    </Anchor>
  );
  if (!vat && !income)
    return (
      <Stack>
        {backLink}
        <Alert color="yellow">{t('records:taxFolder.noDeclaration')}</Alert>
      </Stack>
    );
  return (
    <Stack>
      {backLink}
      <Paper withBorder p="lg" data-testid="tax-declaration">
        <Stack>
          <Title order={4}>
            {vat
              ? t('records:taxFolder.vatTitle', { period: periodOf(vat.period) })
              : t('records:taxFolder.incomeTitle', { year: income?.taxYear })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Field label={c('folio')}>{(vat ?? income)?.folio}</Field>
            <Field label={c('filedAt')}>{formatDay((vat ?? income)?.filedAt)}</Field>
            {vat && (
              <>
                <Field label={c('salesAmount')}>{clp(vat.salesAmount)}</Field>
                <Field label={c('purchasesAmount')}>{clp(vat.purchasesAmount)}</Field>
                <Field label={c('vatPayable')}>{clp(vat.vatPayable)}</Field>
              </>
            )}
            {income && (
              <>
                <Field label={c('grossIncome')}>{clp(income.grossIncome)}</Field>
                <Field label={c('taxableIncome')}>{clp(income.taxableIncome)}</Field>
                <Field label={c('taxAmount')}>{clp(income.taxAmount)}</Field>
              </>
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /home/records/:run/carpetaTributaria (with tab/:tab, view and view/:id): the SII tax folder of a RUT. The tabs show
 * one part each (tables of 10; 10, 25, 50); `view` shows the whole folder for reading or printing; `view/:id` one
 * declaration.
 */
export function TaxFolderPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '', tab, id } = useParams();
  const navigate = useNavigate();
  const whole = useLocation().pathname.includes('/carpetaTributaria/view');
  const base = `/home/records/${encodeURIComponent(run)}/carpetaTributaria`;
  const q = useQuery({
    queryKey: recordsKeys.page('tax-folder', run),
    queryFn: () => recordsApi.taxFolder(run),
    retry: false,
  });
  const current: TaxFolderTab = isTab(tab) ? tab : 'taxpayer';
  return (
    <RecordFrame title={t('shell:routes.carpetaTributaria')} q={q}>
      {(v) => {
        const folder = v.folder;
        if (!folder) return <Text data-testid="tax-folder-empty">{t('records:taxFolder.notFound')}</Text>;
        const header = (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('records:taxFolder.issued', { folio: folder.folio ?? '-', date: formatDay(folder.issuedAt) || '-' })}
            </Text>
            {whole ? (
              !id && (
                <Group gap="xs" className="no-print">
                  <Button variant="default" component={Link} to={base} leftSection={<IconArrowLeft size={16} />}>
                    {t('records:taxFolder.backToTabs')}
                  </Button>
                  <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                    {t('records:taxFolder.print')}
                  </Button>
                </Group>
              )
            ) : (
              <Button
                variant="light"
                component={Link}
                to={`${base}/view`}
                leftSection={<IconFileText size={16} />}
                data-testid="tax-folder-view"
              >
                {t('records:taxFolder.viewWhole')}
              </Button>
            )}
          </Group>
        );
        if (whole && id)
          return (
            <>
              {header}
              <DeclarationView folder={folder} id={id} base={base} />
            </>
          );
        if (whole)
          return (
            <Stack gap="lg" data-testid="tax-folder-whole">
              {header}
              {TAX_FOLDER_TABS.map((s) => (
                <Stack key={s} gap="xs">
                  <Title order={4}>{t(`records:taxFolder.tabs.${s}`)}</Title>
                  <TaxFolderSection folder={folder} section={s} paged={false} viewBase={`${base}/view`} />
                </Stack>
              ))}
            </Stack>
          );
        return (
          <>
            {header}
            <Tabs value={current} onChange={(next) => next && void navigate(`${base}/tab/${next}`)} keepMounted={false}>
              <Tabs.List>
                {TAX_FOLDER_TABS.map((s) => (
                  <Tabs.Tab key={s} value={s}>
                    {t(`records:taxFolder.tabs.${s}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TAX_FOLDER_TABS.map((s) => (
                <Tabs.Panel key={s} value={s} pt="md">
                  <TaxFolderSection folder={folder} section={s} paged viewBase={`${base}/view`} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        );
      }}
    </RecordFrame>
  );
}
