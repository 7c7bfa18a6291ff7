import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { FreshnessBadge } from '../../../app/screening/ListFreshness';
import { listLabel } from '../../../app/screening/list-catalog';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { EditAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { companyConfigApi, type ListControlRow } from '../api/company-config-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';
import { companyTabPath } from '../lib/company-tabs';
import { useEditedCompany } from '../lib/edited-company';

const WEIGHT_COLORS: Record<number, string> = { 1: 'teal', 2: 'yellow', 3: 'red' };

function useListControls(companyId: string) {
  return useQuery({
    queryKey: adminKeys.listControls(companyId),
    queryFn: () => companyConfigApi.listControls(companyId),
  });
}

/**
 * riskController: every list that can screen the company (global lists and its own), whether it does, and the
 * weight of a match on it in the risk rating. Screening and the rating apply a change at once (ratings are redone).
 */
export function RiskControllerTab() {
  const { t } = useTranslation(['companyConfig', 'screening']);
  const company = useEditedCompany();
  const rows = useListControls(company.id);
  const columns: Column<ListControlRow>[] = [
    {
      key: 'list',
      header: t('companyConfig:lists.list'),
      render: (r) => <TruncatedText value={listLabel(t, r.listId, r.listName)} />,
    },
    {
      key: 'kind',
      header: t('companyConfig:lists.kind'),
      render: (r) => <Text size="sm">{t(`companyConfig:lists.kinds.${kindKey(r.kind)}`)}</Text>,
    },
    {
      key: 'screens',
      header: t('companyConfig:lists.screens'),
      // an empty list screens no one, whatever its switch says (issue 27); a stale one says so beside "Yes"
      render: (r) =>
        r.listState === 'empty' ? (
          <Badge variant="light" color="red" data-testid={`list-screens-${r.listId}`} data-state="empty">
            {t('screening:freshness.emptyBadge')}
          </Badge>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color={r.enabled ? 'teal' : 'gray'} data-testid={`list-screens-${r.listId}`}>
              {t(r.enabled ? 'companyConfig:lists.on' : 'companyConfig:lists.off')}
            </Badge>
            {r.enabled && r.listState === 'stale' && <FreshnessBadge state="stale" />}
          </Group>
        ),
    },
    {
      key: 'weight',
      header: t('companyConfig:lists.weight'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color={WEIGHT_COLORS[r.weight]}>
            {t(`companyConfig:lists.weights.${r.weight}`)}
          </Badge>
          {r.customised && (
            <Text size="xs" c="dimmed">
              {t('companyConfig:lists.customised')}
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (r) => (
        <EditAction
          label={t('companyConfig:lists.edit', { name: listLabel(t, r.listId, r.listName) })}
          to={companyTabPath(company.id, `riskController/edit/${encodeURIComponent(r.listId)}`)}
          testId={`list-edit-${r.listId}`}
        />
      ),
    },
  ];
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('companyConfig:lists.heading')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:lists.hint')}
          </Text>
        </div>
        {rows.error ? (
          <LoadError
            title={t('companyConfig:lists.loadError')}
            error={rows.error}
            onRetry={() => void rows.refetch()}
          />
        ) : (
          <DataTable
            testId="list-controls"
            columns={columns}
            rows={rows.data}
            getId={(r) => r.listId}
            loading={rows.isPending}
            emptyText={t('companyConfig:lists.empty')}
          />
        )}
      </Stack>
    </Paper>
  );
}

const kindKey = (kind: string) => (['sanctions', 'pep', 'risk', 'company'].includes(kind) ? kind : 'other');

/** riskController/edit/:listId: whether one list screens the company and the weight of a match on it. */
export function RiskControllerEditPage() {
  const { t } = useTranslation(['companyConfig', 'screening']);
  const company = useEditedCompany();
  const { listId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const rows = useListControls(company.id);
  const row = rows.data?.find((r) => r.listId === listId);
  // what the officer changed; the rest shows the stored value (never a default shown before the list is read)
  const [edited, setEdited] = useState<{ enabled?: boolean; weight?: string }>({});
  const enabled = edited.enabled ?? row?.enabled ?? false;
  const weight = edited.weight ?? String(row?.weight ?? '');
  const setEnabled = (v: boolean) => setEdited((e) => ({ ...e, enabled: v }));
  const setWeight = (v: string) => setEdited((e) => ({ ...e, weight: v }));
  const back = companyTabPath(company.id, 'riskController');
  const save = useMutation({
    mutationFn: (reset: boolean) =>
      companyConfigApi.saveListControl(company.id, listId, reset ? null : { enabled, weight: Number(weight) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.listControls(company.id) });
      notifySuccess(t('admin:companyForm.updated'));
      void navigate(back);
    },
    onError: (e) => notifyError(e instanceof Error ? e.message : String(e)),
  });
  if (rows.error)
    return (
      <LoadError title={t('companyConfig:lists.loadError')} error={rows.error} onRetry={() => void rows.refetch()} />
    );
  if (rows.isPending) return <Skeleton height={260} />;
  if (!row)
    return (
      <Alert color="red" title={t('companyConfig:lists.notFound')}>
        <Link to={back}>{t('companyConfig:lists.back')}</Link>
      </Alert>
    );
  const name = listLabel(t, row.listId, row.listName);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md" maw={560}>
        <div>
          <Title order={4} lineClamp={2}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`companyConfig:lists.kinds.${kindKey(row.kind)}`)}
          </Text>
        </div>
        <Switch
          label={t('companyConfig:lists.screensThis', { company: company.name })}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-testid="list-enabled"
        />
        {!enabled && row.kind === 'sanctions' && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="list-sanctions-warning">
            {t('companyConfig:lists.sanctionsWarning')}
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500}>
            {t('companyConfig:lists.weight')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('companyConfig:lists.weightHint', { weight: t(`companyConfig:lists.weights.${row.defaultWeight}`) })}
          </Text>
          <SegmentedControl
            value={weight}
            onChange={setWeight}
            disabled={!enabled}
            data={[1, 2, 3].map((w) => ({ value: String(w), label: t(`companyConfig:lists.weights.${w}`) }))}
            data-testid="list-weight"
          />
        </div>
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => save.mutate(true)}
            disabled={!row.customised}
            data-testid="list-reset"
          >
            {t('companyConfig:lists.reset')}
          </Button>
          <Group>
            <Button variant="default" component={Link} to={back}>
              {t('companyConfig:common.cancel')}
            </Button>
            <Button onClick={() => save.mutate(false)} loading={save.isPending} data-testid="list-save">
              {t('companyConfig:common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
