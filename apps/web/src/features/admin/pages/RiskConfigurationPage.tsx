// Over 400 lines: the risk model editor is one form whose sections share the same draft, errors and save.
import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { DataTable } from '../../../app/ui/DataTable';
import { DateField } from '../../../app/ui/DateField';
import { DeleteAction } from '../../../app/ui/RowAction';
import { adminApi, type RiskConfiguration } from '../api/admin-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';
import {
  COUNTRY_LISTS,
  countryLanguageOf,
  countryOptions,
  errorAt,
  normalizeCodes,
  numberOf,
  SCORE_TABLES,
  type ScoreTable,
  serverFieldPath,
  setAt,
  validateRiskConfiguration,
  WEIGHT_KEYS,
  weightsSum,
} from '../lib/risk-config';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** /regcheck/companies/:id/edit/riskConfiguration: the company's risk model, saved with a re-rating warning. */
export function RiskConfigurationPage() {
  const { id = '' } = useParams();
  return <RiskModelEditor companyId={id} />;
}

/**
 * The risk model of a company: factor scores, weights, cut-offs, forced rules and lists, saved with a re-rating
 * warning. Read-only shows the same model with every control disabled and no save (the company's other users).
 */
export function RiskModelEditor({
  companyId: id,
  readOnly = false,
  title,
}: {
  companyId: string;
  readOnly?: boolean;
  title?: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = countryLanguageOf(i18n.language);
  const qc = useQueryClient();
  const stored = useQuery({ queryKey: adminKeys.risk(id), queryFn: () => adminApi.riskConfiguration(id) });
  const [config, setConfig] = useState<RiskConfiguration | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (stored.data) setConfig(stored.data);
  }, [stored.data]);

  const clientErrors = useMemo(() => (config ? validateRiskConfiguration(config) : {}), [config]);
  const valid = Object.keys(clientErrors).length === 0;
  const err = (path: string) => errorAt(path, clientErrors, serverErrors, t);

  const save = useMutation({
    mutationFn: (c: RiskConfiguration) => adminApi.saveRiskConfiguration(id, c),
    onSuccess: (saved) => {
      setConfirming(false);
      setServerErrors({});
      qc.setQueryData(adminKeys.risk(id), saved);
      notifySuccess(t('admin:risk.saved'));
    },
    onError: (error: Error) => {
      setConfirming(false);
      const path = isApiError(error) ? serverFieldPath(error.field) : null;
      if (path) setServerErrors({ [path]: error.message });
      notifyError(error.message);
    },
  });

  const set = (path: string, value: unknown) => {
    setConfig((c) => (c ? setAt(c, path, value) : c));
    if (serverErrors[path]) setServerErrors(({ [path]: _, ...rest }) => rest);
  };

  const numberField = (path: string, value: number, label: string, extra: { min?: number; step?: number } = {}) => (
    <NumberInput
      aria-label={label}
      value={Number.isFinite(value) ? value : ''}
      onChange={(v) => set(path, numberOf(v))}
      error={err(path)}
      decimalScale={3}
      step={extra.step ?? 0.1}
      min={extra.min}
      hideControls
      w={140}
      data-testid={`risk-${path}`}
    />
  );

  const trySave = () => {
    if (!valid) {
      notifyError(t('admin:risk.invalid'));
      return;
    }
    setConfirming(true);
  };

  const header = title ?? <Title order={3}>{t('admin:risk.title')}</Title>;

  if (stored.error)
    return (
      <Stack gap="md">
        {header}
        <LoadError title={t('admin:risk.loadError')} error={stored.error} onRetry={() => void stored.refetch()} />
      </Stack>
    );
  if (!config)
    return (
      <Stack gap="md" data-testid="risk-loading">
        {header}
        <Skeleton height={160} />
        <Skeleton height={160} />
        <Skeleton height={160} />
      </Stack>
    );

  const scoreTable = (group: ScoreTable) => {
    const values = config[group] as Record<string, number>;
    return (
      <Stack gap={4} key={group}>
        <Text fw={600} size="sm">
          {t(`admin:risk.scores.${group}.title`)}
        </Text>
        <DataTable
          testId={`risk-table-${group}`}
          minWidth={0}
          columns={[
            { key: 'value', header: t('admin:risk.value'), render: (row) => t(`admin:risk.scores.${group}.${row}`) },
            {
              key: 'score',
              header: t('admin:risk.score'),
              width: 160,
              tooltip: false,
              render: (row) =>
                numberField(`${group}.${row}`, values[row] ?? Number.NaN, t(`admin:risk.scores.${group}.${row}`)),
            },
          ]}
          rows={[...SCORE_TABLES[group]] as string[]}
          getId={(row) => row}
        />
      </Stack>
    );
  };

  const sum = weightsSum(config.weights);

  return (
    <Stack gap="md">
      {header}

      <fieldset
        disabled={readOnly}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        data-testid={readOnly ? 'risk-read-only' : undefined}
      >
        <Stack gap="md">
          <Section title={t('admin:risk.weights.title')}>
            <Box maw={520}>
              <DataTable
                testId="risk-table-weights"
                minWidth={0}
                columns={[
                  { key: 'factor', header: t('admin:risk.factor'), render: (k) => t(`admin:risk.factors.${k}`) },
                  {
                    key: 'weight',
                    header: t('admin:risk.weights.weight'),
                    width: 160,
                    tooltip: false,
                    render: (k) =>
                      numberField(`weights.${k}`, config.weights[k], t(`admin:risk.factors.${k}`), { min: 0 }),
                  },
                ]}
                rows={[...WEIGHT_KEYS]}
                getId={(k) => k}
              />
              <Text fw={600} size="sm" mt={4} data-testid="risk-weights-sum">
                {t('admin:risk.weights.sum', { sum })}
              </Text>
              {err('weights') && (
                <Text c="red.9" size="xs">
                  {err('weights')}
                </Text>
              )}
            </Box>
          </Section>

          <Section title={t('admin:risk.cutoffs.title')} hint={t('admin:risk.cutoffs.hint')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} maw={640}>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('admin:risk.cutoffs.low')}
                </Text>
                <Text size="sm" c="dimmed" data-testid="risk-cutoffs-low">
                  {t('admin:risk.cutoffs.lowRange', {
                    medium: Number.isFinite(config.cutoffs.medium) ? config.cutoffs.medium : '-',
                  })}
                </Text>
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('admin:risk.cutoffs.medium')}
                </Text>
                {numberField('cutoffs.medium', config.cutoffs.medium, t('admin:risk.cutoffs.medium'))}
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('admin:risk.cutoffs.high')}
                </Text>
                {numberField('cutoffs.high', config.cutoffs.high, t('admin:risk.cutoffs.high'))}
              </Stack>
            </SimpleGrid>
          </Section>

          <Section title={t('admin:risk.forced.title')}>
            <Switch
              label={t('admin:risk.forced.beneficialOwner')}
              checked={config.forceHighUnresolvedBeneficialOwner}
              onChange={(e) => set('forceHighUnresolvedBeneficialOwner', e.currentTarget.checked)}
              data-testid="risk-forceHighUnresolvedBeneficialOwner"
            />
            <Alert variant="light" icon={<IconInfoCircle size={16} />} p="xs">
              <Text size="sm">{t('admin:risk.forced.fatf')}</Text>
              <Text size="sm">{t('admin:risk.forced.sanctions')}</Text>
            </Alert>
          </Section>

          <Section title={t('admin:risk.scores.title')} hint={t('admin:risk.scoreHint')}>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {(Object.keys(SCORE_TABLES) as ScoreTable[]).map(scoreTable)}
            </SimpleGrid>
          </Section>

          <Section title={t('admin:risk.income.title')} hint={t('admin:risk.income.hint')}>
            <Box maw={520}>
              <DataTable
                testId="risk-table-income"
                minWidth={0}
                columns={[
                  {
                    key: 'min',
                    header: t('admin:risk.income.min'),
                    tooltip: false,
                    render: ({ band, i }) =>
                      numberField(`incomeBands.${i}.min`, band.min, t('admin:risk.income.min'), { step: 1 }),
                  },
                  {
                    key: 'score',
                    header: t('admin:risk.score'),
                    tooltip: false,
                    render: ({ band, i }) => numberField(`incomeBands.${i}.score`, band.score, t('admin:risk.score')),
                  },
                  {
                    key: 'remove',
                    header: '',
                    width: 50,
                    tooltip: false,
                    render: ({ i }) => (
                      <DeleteAction
                        label={t('admin:risk.income.remove')}
                        onClick={() =>
                          set(
                            'incomeBands',
                            config.incomeBands.filter((_, j) => j !== i),
                          )
                        }
                      />
                    ),
                  },
                ]}
                // bands are edited in place and have no identity: their place
                rows={config.incomeBands.map((band, i) => ({ id: String(i), band, i }))}
              />
            </Box>
            <div>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => set('incomeBands', [...config.incomeBands, { min: 0, score: 1 }])}
              >
                {t('admin:risk.income.add')}
              </Button>
            </div>
          </Section>

          <Section title={t('admin:risk.activities.title')} hint={t('admin:risk.activities.hint')}>
            <TagsInput
              label={t('admin:risk.activities.high')}
              value={config.highRiskActivities}
              onChange={(v) => set('highRiskActivities', v)}
              error={err('highRiskActivities')}
              clearable
            />
            <TagsInput
              label={t('admin:risk.activities.medium')}
              value={config.mediumRiskActivities}
              onChange={(v) => set('mediumRiskActivities', v)}
              error={err('mediumRiskActivities')}
              clearable
            />
          </Section>

          <Section title={t('admin:risk.countries.title')}>
            <DateField
              label={t('admin:risk.countries.asOf')}
              value={config.asOf}
              onChange={(v) => set('asOf', v)}
              error={err('asOf')}
              data-testid="risk-asOf"
            />
            {COUNTRY_LISTS.map((list) => (
              <MultiSelect
                key={list}
                label={t(`admin:risk.countries.${list}`)}
                description={t('admin:risk.countries.count', { count: config[list].length })}
                placeholder={t('admin:risk.countries.placeholder')}
                data={countryOptions(lang, config[list])}
                value={config[list]}
                onChange={(v) => set(list, normalizeCodes(v))}
                error={err(list)}
                searchable
                clearable
                hidePickedOptions
                maxDropdownHeight={300}
                comboboxProps={{ withinPortal: true }}
                data-testid={`risk-${list}`}
              />
            ))}
          </Section>

          <Section title={t('admin:risk.lists.title')} hint={t('admin:risk.lists.hint')}>
            <TagsInput
              label={t('admin:risk.lists.sanctionLists')}
              value={config.sanctionLists}
              onChange={(v) => set('sanctionLists', v)}
              error={err('sanctionLists')}
              clearable
            />
            <TagsInput
              label={t('admin:risk.lists.pepLists')}
              value={config.pepLists}
              onChange={(v) => set('pepLists', v)}
              error={err('pepLists')}
              clearable
            />
          </Section>
        </Stack>
      </fieldset>

      {!readOnly && (
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setConfig(stored.data ?? null);
              setServerErrors({});
            }}
            disabled={save.isPending}
          >
            {t('admin:risk.reset')}
          </Button>
          <Button onClick={trySave} loading={save.isPending} data-testid="risk-save">
            {t('admin:risk.save')}
          </Button>
        </Group>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('admin:risk.confirmTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('admin:risk.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={save.isPending}>
              {t('admin:risk.cancel')}
            </Button>
            <Button onClick={() => save.mutate(config)} loading={save.isPending} data-testid="risk-confirm">
              {t('admin:risk.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
