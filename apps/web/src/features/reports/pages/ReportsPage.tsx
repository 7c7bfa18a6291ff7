import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { isBrazil } from '@regcheck/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../app/session/useSession';
import { reportPaths } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportOptionsFields } from '../components/ReportOptionsFields';
import { ReportView } from '../components/ReportView';
import { periodProblem, presetPeriod } from '../lib/period';
import { DEFAULT_OPTIONS, fichasReportPath, formsReportPath } from '../lib/report-options';
import { reportLinksFor } from '../lib/roe-country';

type Kind = 'summary' | 'lists' | 'validator' | 'forms' | 'fichas';

/**
 * /home/reports: the summary, list-matches, CPF/CNPJ validator, forms and fichas reports of a period (the last two
 * with their options), and the links to the regulatory reports.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const user = useUser();
  const [kind, setKind] = useState<Kind>('summary');
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const companyId = user.company?.id ?? '';
  const ok = !periodProblem(period) && !!companyId;
  const path = !ok
    ? null
    : kind === 'forms'
      ? formsReportPath(companyId, period.from, period.to, options)
      : kind === 'fichas'
        ? fichasReportPath(companyId, period.from, period.to, options)
        : reportPaths[kind](companyId, period.from, period.to);
  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:page.title')}</Title>
      <Group gap="lg">
        {/* the ROE is Chile's: a Brazilian company is not offered it (issue 23, point 3) */}
        {reportLinksFor(user.company?.country).map((l) => (
          <Anchor key={l.key} component={Link} to={l.to} data-testid={`link-${l.key}`}>
            {t(l.labelKey)}
          </Anchor>
        ))}
      </Group>
      <Text c="dimmed">{t('reports:page.intro')}</Text>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v as Kind)}
        data={[
          { value: 'summary', label: t('reports:page.summary') },
          { value: 'lists', label: t('reports:page.lists') },
          // the CPF/CNPJ validator is a Brazilian tool: only a Brazilian company is offered it (issue 27, point 4)
          ...(isBrazil(user.company?.country) ? [{ value: 'validator', label: t('reports:page.validator') }] : []),
          { value: 'forms', label: t('reports:page.forms') },
          { value: 'fichas', label: t('reports:page.fichas') },
        ]}
        w="fit-content"
        data-testid="report-kind"
      />
      <PeriodPicker value={period} onChange={setPeriod} />
      {(kind === 'forms' || kind === 'fichas') && (
        <ReportOptionsFields report={kind} value={options} onChange={setOptions} testId={`report-${kind}-options`} />
      )}
      <ReportView path={path} name={kind} testId={`report-${kind}`} />
    </Stack>
  );
}
