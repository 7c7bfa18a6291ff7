import { Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { listLabel } from '../../../app/screening/list-catalog';
import { PageHeader } from '../../../app/ui/PageHeader';
import { monitoringApi } from '../api/platform-api';
import { platformKeys } from '../keys';

/** /regcheck/monitoring/ParameterDisplay: what the monitoring does, in sentences. */
export function MonitoringParametersPage() {
  const { t, i18n } = useTranslation('platform');
  const params = useQuery({ queryKey: platformKeys.monitoringParameters, queryFn: monitoringApi.parameters });
  useErrorToast(params.error);
  const p = params.data;
  const pct = (v: number) => `${formatNumber(v * 100, i18n.language, 0)} %`;
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  return (
    <Stack gap="md">
      <PageHeader
        title={t('platform:parameters.title')}
        back={{ to: '/regcheck/monitoring', label: t('platform:parameters.back') }}
      />
      {!p ? (
        <Skeleton height={360} />
      ) : (
        <Stack gap="md" maw={960} data-testid="monitoring-parameter-text">
          <Card withBorder radius="md" padding="lg">
            <Title order={3} size="h4" mb="xs">
              {t('platform:parameters.when')}
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>
                {t('platform:parameters.day', { day: p.monitoringDay, date: formatDay(p.nextRun) })}
              </List.Item>
              <List.Item>{t('platform:parameters.check', { count: p.checkEveryMinutes })}</List.Item>
              <List.Item>
                {p.schedulerActive ? t('platform:parameters.schedulerOn') : t('platform:parameters.schedulerOff')}
              </List.Item>
              <List.Item>
                {p.companiesWithOwnDay.length
                  ? t('platform:parameters.ownDays', {
                      list: p.companiesWithOwnDay
                        .map((c) => t('platform:parameters.ownDay', { name: c.name, day: c.monitoringDay }))
                        .join('; '),
                    })
                  : t('platform:parameters.noOwnDays')}
              </List.Item>
              {p.onListChange && <List.Item>{t('platform:parameters.onChange')}</List.Item>}
            </List>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={3} size="h4" mb="xs">
              {t('platform:parameters.what')}
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>{t('platform:parameters.companies', { count: p.companies })}</List.Item>
              <List.Item>{t('platform:parameters.threshold', { value: pct(p.defaultThreshold) })}</List.Item>
              {p.companiesWithOwnThreshold.length > 0 && (
                <List.Item>
                  {t('platform:parameters.ownThresholds', {
                    list: p.companiesWithOwnThreshold.map((c) => `${c.name} (${pct(c.threshold)})`).join('; '),
                  })}
                </List.Item>
              )}
              <List.Item>{t('platform:parameters.outcome')}</List.Item>
            </List>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={3} size="h4" mb="xs">
              {t('platform:parameters.lists', { count: p.lists.length })}
            </Title>
            <List spacing={4} size="sm">
              {p.lists.map((l) => (
                <List.Item key={l.id}>
                  {t('platform:parameters.list', {
                    name: listLabel(t, l.id, l.name),
                    kind: t(`platform:lists.kinds.${l.kind}`),
                    count: l.entities,
                    entries: n(l.entities),
                  })}
                </List.Item>
              ))}
            </List>
            {!p.lists.length && <Text size="sm">{t('platform:parameters.noLists')}</Text>}
          </Card>
        </Stack>
      )}
    </Stack>
  );
}
