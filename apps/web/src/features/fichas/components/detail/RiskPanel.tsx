import { Badge, Button, Card, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import { type Ficha, fichasApi, type RiskLevelKey } from '../../api/fichas-api';
import { Field } from './Field';

/** Calculated, effective and overwritten risk, the rules that fired, and the administrator's override. */
export function RiskPanel({
  ficha,
  canOverwrite,
  onChanged,
}: {
  ficha: Ficha;
  canOverwrite: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('fichas');
  const [level, setLevel] = useState<string | null>(ficha.overwrittenRisk);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const overwrite = useMutation({
    mutationFn: (clear: boolean) =>
      fichasApi.overwriteRisk(ficha.id, clear ? null : (level as RiskLevelKey), reason.trim()),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.updated'));
      setReason('');
      setError(undefined);
      onChanged();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const save = (clear: boolean) => {
    if (reason.trim().length < 3) {
      setError(t('fichas:risk.reasonRequired'));
      return;
    }
    overwrite.mutate(clear);
  };
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t('fichas:detail.tabs.risk')}
        </Title>
        <Group gap="xl" mb="md">
          <Field label={t('fichas:risk.result')} value={<RiskBadge risk={ficha.risk} />} />
          <Field label={t('fichas:risk.calculated')} value={<RiskBadge risk={ficha.calculatedRisk} />} />
          <Field label={t('fichas:risk.effective')} value={<RiskBadge risk={ficha.effectiveRisk} />} />
          <Field label={t('fichas:risk.overwritten')} value={<RiskBadge risk={ficha.overwrittenRisk} />} />
          <Field label={t('fichas:risk.score')} value={ficha.riskScore == null ? null : ficha.riskScore.toFixed(2)} />
        </Group>
        {ficha.overwrittenRiskReason && (
          <Field label={t('fichas:risk.overwriteReason')} value={ficha.overwrittenRiskReason} />
        )}
        <Title order={4} size="h5" mt="md" mb="xs">
          {t('fichas:risk.reasons')}
        </Title>
        {ficha.riskReasons.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('fichas:risk.noReasons')}
          </Text>
        ) : (
          <Table data-testid="risk-reasons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fichas:risk.rule')}</Table.Th>
                <Table.Th>{t('fichas:risk.factor')}</Table.Th>
                <Table.Th>{t('fichas:risk.score')}</Table.Th>
                <Table.Th>{t('fichas:risk.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ficha.riskReasons.map((r) => (
                <Table.Tr key={`${r.rule}-${r.detail ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {r.rule}
                    </Text>
                    {r.forced && (
                      <Badge color="red" size="xs">
                        {t('fichas:risk.forcesHigh')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.factor}</Table.Td>
                  <Table.Td>{r.score}</Table.Td>
                  <Table.Td>{r.detail ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
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
                <Button variant="default" onClick={() => save(true)} loading={overwrite.isPending}>
                  {t('fichas:risk.clearOverwrite')}
                </Button>
              )}
              <Button onClick={() => save(false)} disabled={!level} loading={overwrite.isPending}>
                {t('fichas:risk.overwrite')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
