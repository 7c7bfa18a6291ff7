import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { mayChangeScreeningSettings } from '@regcheck/shared/schemas/dismissals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { criticalListRows, criticalListsToStore } from '../../../app/screening/critical-lists';
import { listLabel } from '../../../app/screening/list-catalog';
import { screeningReviewApi } from '../../../app/screening/screening-review-api';
import { useUser } from '../../../app/session/useSession';
import { DataTable } from '../../../app/ui/DataTable';

/**
 * The company's match review settings (issue 15): whether a dismissal on a non-critical list needs a second user,
 * and which lists are critical (sanctions lists always are). The blacklist reviewers read it; the company
 * administrators (admin, adminNoUser) change it; the server audits every change.
 */
export function ScreeningSettingsCard() {
  const { t } = useTranslation(['screening', 'common']);
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const user = useUser();
  const editable = mayChangeScreeningSettings(user.role);
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: screeningKeys.settings(), queryFn: screeningReviewApi.screeningSettings });
  const sources = useQuery({ queryKey: screeningKeys.listSources(), queryFn: screeningReviewApi.listSources });
  const [fourEyes, setFourEyes] = useState(true);
  const [marked, setMarked] = useState<string[]>([]);
  useEffect(() => {
    if (!settings.data) return;
    setFourEyes(settings.data.fourEyesNonCritical);
    setMarked(settings.data.criticalLists);
  }, [settings.data]);
  const rows = criticalListRows(sources.data ?? [], marked);
  const toStore = criticalListsToStore(rows);
  const saved = settings.data;
  const dirty =
    !!saved &&
    (saved.fourEyesNonCritical !== fourEyes ||
      [...toStore].sort().join('\u0001') !==
        [...criticalListsToStore(criticalListRows(sources.data ?? [], saved.criticalLists))].sort().join('\u0001'));
  const save = useMutation({
    mutationFn: () =>
      screeningReviewApi.updateScreeningSettings({ fourEyesNonCritical: fourEyes, criticalLists: toStore }),
    onSuccess: (s) => {
      qc.setQueryData(screeningKeys.settings(), s);
      notifySuccess(t('screening:settings.saved'));
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const toggle = (listId: string, on: boolean) =>
    setMarked((m) => (on ? [...m.filter((x) => x !== listId), listId] : m.filter((x) => x !== listId)));

  return (
    <Card withBorder radius="md" padding="lg" data-testid="screening-settings">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {t('screening:settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('screening:settings.intro')}
          </Text>
        </Stack>
        {(settings.isLoading || sources.isLoading) && <Loader size="sm" aria-label={t('common:loading')} />}
        {(settings.isError || sources.isError) && (
          <Alert color="red">
            {t('screening:settings.loadError')} {errorMessage(settings.error ?? sources.error)}
          </Alert>
        )}
        {settings.data && sources.data && (
          <>
            {!editable && (
              <Alert color="gray" variant="light">
                {t('screening:settings.readOnly')}
              </Alert>
            )}
            <Switch
              checked={fourEyes}
              onChange={(e) => setFourEyes(e.currentTarget.checked)}
              disabled={!editable}
              label={t('screening:settings.fourEyes')}
              description={t('screening:settings.fourEyesHint')}
              data-testid="four-eyes-switch"
            />
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('screening:settings.critical')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('screening:settings.criticalHint')}
              </Text>
            </Stack>
            <DataTable
              testId="critical-lists"
              minWidth={0}
              columns={[
                {
                  key: 'list',
                  header: t('screening:settings.list'),
                  tooltip: false,
                  render: (r) => (
                    <Checkbox
                      checked={r.critical}
                      disabled={!editable || r.locked}
                      onChange={(e) => toggle(r.listId, e.currentTarget.checked)}
                      label={listLabel(tt, r.listId, r.name)}
                      description={r.locked ? t('screening:settings.always') : undefined}
                      data-testid={`critical-${r.listId}`}
                    />
                  ),
                },
                {
                  key: 'kind',
                  header: t('screening:settings.kind'),
                  width: 150,
                  render: (r) => (
                    <Badge variant="light" color={r.kind === 'sanctions' ? 'red' : 'gray'}>
                      {t(`screening:consult.kinds.${r.kind}`)}
                    </Badge>
                  ),
                },
              ]}
              rows={rows}
              getId={(r) => r.listId}
            />
            {editable && (
              <Group justify="flex-end">
                <Button
                  onClick={() => save.mutate()}
                  loading={save.isPending}
                  disabled={!dirty}
                  data-testid="screening-settings-save"
                >
                  {t('screening:settings.save')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
