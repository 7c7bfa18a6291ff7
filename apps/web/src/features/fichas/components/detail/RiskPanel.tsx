import { Anchor, Badge, Box, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../../app/format/format';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { fichasKeys } from '../../../../app/query/keys/fichas-keys';
import { useUser } from '../../../../app/session/useSession';
import { ConfirmModal } from '../../../../app/ui/ConfirmModal';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import { type Ficha, fichasApi, type RiskLevelKey } from '../../api/fichas-api';
import { explainRisk, factorLabel, scalePositions } from '../../lib/risk-explain';

/** The company's 1-to-3 scale with its cut-offs and a marker where the ficha's score falls. */
function RiskScale({ score, cutoffs }: { score: number; cutoffs: { medium: number; high: number } }) {
  const { t, i18n } = useTranslation('fichas');
  const p = scalePositions(score, cutoffs);
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Stack gap={4} data-testid="risk-scale" maw={520}>
      <Text size="xs" c="dimmed">
        {t('fichas:riskExplain.scaleLabel')}
      </Text>
      <Box pos="relative" h={14} role="img" aria-label={t('fichas:riskExplain.score', { score: n(score) })}>
        <Group gap={0} h={10} mt={2} style={{ borderRadius: 5, overflow: 'hidden' }}>
          <Box h="100%" w={`${p.medium}%`} bg="teal.3" />
          <Box h="100%" w={`${p.high - p.medium}%`} bg="yellow.3" />
          <Box h="100%" style={{ flex: 1 }} bg="red.3" />
        </Group>
        <Box
          pos="absolute"
          top={0}
          h={14}
          w={4}
          bg="dark.6"
          style={{ left: `calc(${p.score}% - 2px)`, borderRadius: 2 }}
          data-testid="risk-scale-marker"
        />
      </Box>
      <Text size="xs" c="dimmed">
        {t('fichas:riskExplain.cutoffs', { medium: n(cutoffs.medium), high: n(cutoffs.high) })}
      </Text>
    </Stack>
  );
}

/** The ficha's risk explained: where its score falls, each factor as sentences with its points, and the override. */
export function RiskPanel({
  ficha,
  canOverwrite,
  onChanged,
}: {
  ficha: Ficha;
  canOverwrite: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('fichas');
  const locale = i18n.language;
  const user = useUser();
  // the company's administrator changes the model; the other users read it (the same page, read-only)
  const canConfigure = can({ role: user.role, company: user.company }, 'usersAdmin');
  const [level, setLevel] = useState<string | null>(ficha.overwrittenRisk);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<'set' | 'clear' | null>(null);
  const config = useQuery({
    queryKey: fichasKeys.riskConfiguration(),
    queryFn: fichasApi.riskConfiguration,
    staleTime: 5 * 60_000,
  });
  const overwrite = useMutation({
    mutationFn: (clear: boolean) =>
      fichasApi.overwriteRisk(ficha.id, clear ? null : (level as RiskLevelKey), reason.trim()),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.updated'));
      setReason('');
      setError(undefined);
      setConfirm(null);
      onChanged();
    },
    onError: (e) => {
      setConfirm(null);
      notifyError(errorMessage(e));
    },
  });
  const ask = (clear: boolean) => {
    if (reason.trim().length < 3) {
      setError(t('fichas:risk.reasonRequired'));
      return;
    }
    setConfirm(clear ? 'clear' : 'set');
  };
  const lines = explainRisk(ficha.riskReasons, config.data, t, locale);
  const levelName = (r: string | null) => (r ? t(`fichas:riskExplain.levels.${r}`) : '-');
  const fired = lines.reduce((a, l) => a + (l.points ?? 0), 0);
  const baseline = ficha.riskScore != null && config.data ? Math.max(0, ficha.riskScore - fired) : null;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
          <Stack gap={4}>
            <Title order={3} size="h4">
              {t('fichas:riskExplain.title')}
            </Title>
            <Group gap="xs">
              <RiskBadge risk={ficha.risk} />
              {ficha.riskScore != null && (
                <Text size="sm" fw={500} data-testid="risk-score">
                  {t('fichas:riskExplain.score', { score: formatNumber(ficha.riskScore, locale) })}
                </Text>
              )}
            </Group>
          </Stack>
          {ficha.riskScore != null && config.data && (
            <Box style={{ flex: '1 1 320px' }} maw={520}>
              <RiskScale score={ficha.riskScore} cutoffs={config.data.cutoffs} />
            </Box>
          )}
        </Group>
        {ficha.overwrittenRisk && (
          <Text size="sm" mb="xs" data-testid="risk-overwritten-note">
            {t('fichas:riskExplain.overwrittenNote', {
              level: levelName(ficha.overwrittenRisk),
              reason: ficha.overwrittenRiskReason ?? '',
            })}
          </Text>
        )}
        {ficha.calculatedRisk && ficha.effectiveRisk && ficha.effectiveRisk !== ficha.calculatedRisk && (
          <Text size="sm" mb="xs">
            {t('fichas:riskExplain.effectiveNote', {
              calculated: levelName(ficha.calculatedRisk),
              effective: levelName(ficha.effectiveRisk),
            })}
          </Text>
        )}
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('fichas:risk.noReasons')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="risk-reasons">
            {lines.map((l) => (
              <Group key={l.factor} justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {factorLabel(l.factor, t, (k) => i18n.exists(k))}
                  </Text>
                  {l.sentences.map((s) => (
                    <Text key={s} size="sm">
                      {s}
                    </Text>
                  ))}
                </Stack>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {l.forced && (
                    <Badge color="red" variant="light" size="sm" style={{ overflow: 'visible' }}>
                      {t('fichas:riskExplain.forced')}
                    </Badge>
                  )}
                  {l.points != null && (
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {t('fichas:riskExplain.points', { points: formatNumber(l.points, locale) })}
                    </Text>
                  )}
                </Group>
              </Group>
            ))}
            {baseline != null && baseline > 0.005 && (
              <Text size="sm" c="dimmed">
                {t('fichas:riskExplain.baseline', { points: formatNumber(baseline, locale) })}
              </Text>
            )}
            {lines.some((l) => l.forced) && (
              <Text size="sm" c="red.9">
                {t('fichas:riskExplain.forcedNote')}
              </Text>
            )}
          </Stack>
        )}
        <Anchor
          component={Link}
          to="/home/company/risk"
          size="sm"
          mt="sm"
          display="inline-block"
          data-testid="risk-model-link"
        >
          {t(canConfigure ? 'fichas:riskExplain.configureModel' : 'fichas:riskExplain.viewModel')}
        </Anchor>
      </Card>
      {canOverwrite && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('fichas:risk.overwriteTitle')}
            </Title>
            <Select
              label={t('fichas:risk.overwritten')}
              data={(['low', 'medium', 'high'] as const).map((r) => ({ value: r, label: t(`fichas:risk.${r}`) }))}
              value={level}
              onChange={setLevel}
              w={240}
            />
            <Textarea
              label={t('fichas:risk.overwriteReason')}
              withAsterisk
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={error}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              {ficha.overwrittenRisk && (
                <Button variant="default" onClick={() => ask(true)} loading={overwrite.isPending}>
                  {t('fichas:risk.clearOverwrite')}
                </Button>
              )}
              <Button onClick={() => ask(false)} disabled={!level} loading={overwrite.isPending}>
                {t('fichas:risk.overwrite')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <ConfirmModal
        opened={confirm !== null}
        title={t('fichas:riskExplain.confirmTitle')}
        message={
          confirm === 'clear'
            ? t('fichas:riskExplain.confirmClear')
            : t('fichas:riskExplain.confirmSet', { level: levelName(level) })
        }
        confirmLabel={t('fichas:riskExplain.confirm')}
        loading={overwrite.isPending}
        testId="risk-overwrite-confirm"
        onCancel={() => setConfirm(null)}
        onConfirm={() => overwrite.mutate(confirm === 'clear')}
      />
    </Stack>
  );
}
