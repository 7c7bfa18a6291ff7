import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../app/format/format';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { screeningKeys } from '../../../../app/query/keys/screening-keys';
import { listLabel } from '../../../../app/screening/list-catalog';
import { screeningReviewApi } from '../../../../app/screening/screening-review-api';
import { type Ficha, fichasApi } from '../../api/fichas-api';
import { pepLine } from '../../lib/pep-line';
import { Field } from './Field';

/** The list the platform's PEP register is screened as (server: lists.register.service.ts PEP_REGISTER_LIST). */
export const PEP_REGISTER_LIST = 'pep-register';

/** How the ficha stands with one register person: by document, confirmed by an officer, or a name match to decide. */
export function pepMatchState(ficha: Pick<Ficha, 'pep'>, personId: string): 'document' | 'confirmed' | 'open' {
  const sources = ficha.pep?.sources ?? [];
  if (sources.some((s) => s.kind === 'register' && s.refId === personId)) return 'document';
  if (sources.some((s) => s.kind === 'registerConfirmed' && s.refId === personId)) return 'confirmed';
  return 'open';
}

/**
 * A hit of the PEP register on the ficha's Lists tab (issue 24; decisions 171 and 193): the register entry the name
 * matched (name, position, institution, office dates, end of the PEP status, source), and the officer's decision.
 * "Confirm it is the same person" makes the entry a source of the ficha's PEP status, and the ficha then says "PEP
 * until <date>: <position>, <institution> (source)"; "Not the same person" is the audited dismissal with a reason.
 * Only the screening reviewers decide (the server's rule); the others see the match without the buttons. The
 * notifications' hit drawer shows it too (`compact`: the drawer already sets the register entry beside the customer,
 * so the panel keeps the state, the ficha's PEP line and the decision).
 */
export function PepMatch({
  ficha,
  personId,
  listName,
  dismissed,
  pendingDismissal,
  canDecide,
  onNotSame,
  onChanged,
  compact = false,
}: {
  ficha: Pick<Ficha, 'id' | 'pep'>;
  personId: string;
  listName: string;
  dismissed: boolean;
  pendingDismissal: boolean;
  canDecide: boolean;
  onNotSame: () => void;
  onChanged: () => void;
  /** without the register entry's details (shown beside the panel already) */
  compact?: boolean;
}) {
  const { t } = useTranslation(['fichas', 'screening']);
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const entry = useQuery({
    queryKey: screeningKeys.entry(PEP_REGISTER_LIST, personId),
    queryFn: () => screeningReviewApi.entry(PEP_REGISTER_LIST, personId),
    enabled: !compact,
  });
  const confirm = useMutation({
    mutationFn: () => fichasApi.confirmPep(ficha.id, personId),
    onSuccess: () => {
      notifySuccess(t('fichas:pepMatch.confirmed'));
      onChanged();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const withdraw = useMutation({
    mutationFn: () => fichasApi.unconfirmPep(ficha.id, personId),
    onSuccess: () => {
      notifySuccess(t('fichas:pepMatch.withdrawn'));
      onChanged();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const state = pepMatchState(ficha, personId);
  const e = entry.data;
  const office = e?.pep;
  const officeDates = office
    ? office.officeStart || office.officeEnd
      ? t('fichas:pepMatch.officeDates', {
          from: office.officeStart ? formatDay(office.officeStart) : '…',
          to: office.officeEnd ? formatDay(office.officeEnd) : t('fichas:pepMatch.inOffice'),
        })
      : null
    : null;
  const busy = confirm.isPending || withdraw.isPending;

  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" data-testid="pep-match">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('fichas:pepMatch.title')}
          </Text>
          {state === 'document' && <Badge color="red">{t('fichas:pepMatch.byDocument')}</Badge>}
          {state === 'confirmed' && <Badge color="red">{t('fichas:pepMatch.sameConfirmed')}</Badge>}
          {state === 'open' && !dismissed && !pendingDismissal && (
            <Badge color="yellow">{t('fichas:pepMatch.toDecide')}</Badge>
          )}
          {/* in a drawer the hit's card (which says it) is not beside the panel */}
          {compact && state === 'open' && pendingDismissal && !dismissed && (
            <Badge color="yellow" data-testid="pep-match-pending">
              {t('screening:dismissal.pendingBadge')}
            </Badge>
          )}
        </Group>
        {compact ? null : entry.isError ? (
          <Text size="sm" c="dimmed">
            {t('screening:drawer.entryUnavailable')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={6}>
            <Field label={t('fichas:pepMatch.name')} value={e?.names[0]} testId="pep-match-name" />
            <Field label={t('fichas:pepMatch.position')} value={office?.position} testId="pep-match-position" />
            <Field label={t('fichas:pepMatch.institution')} value={office?.institution} />
            <Field label={t('fichas:pepMatch.office')} value={officeDates} />
            <Field
              label={t('fichas:pepMatch.until')}
              value={office ? (office.expiration ? formatDay(office.expiration) : t('fichas:pepMatch.inOffice')) : null}
            />
            <Field label={t('fichas:pepMatch.source')} value={listLabel(tt, PEP_REGISTER_LIST, listName)} />
          </SimpleGrid>
        )}
        {state !== 'open' && (
          <Text size="sm" fw={500} data-testid="pep-match-line">
            {pepLine(ficha.pep, t)}
          </Text>
        )}
        {state === 'open' && !dismissed && !pendingDismissal && !canDecide && (
          <Text size="sm" c="dimmed" data-testid="pep-match-undecided">
            {t('fichas:pepMatch.othersDecide')}
          </Text>
        )}
        {canDecide && state === 'open' && !dismissed && !pendingDismissal && (
          <>
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">{t('fichas:pepMatch.question')}</Text>
            </Alert>
            <Group gap="xs">
              <Button
                size="compact-sm"
                color="red"
                loading={confirm.isPending}
                disabled={busy}
                onClick={() => confirm.mutate()}
              >
                {t('fichas:pepMatch.confirm')}
              </Button>
              <Button size="compact-sm" variant="default" disabled={busy} onClick={onNotSame}>
                {t('fichas:pepMatch.notSame')}
              </Button>
            </Group>
          </>
        )}
        {canDecide && state === 'confirmed' && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              {t('fichas:pepMatch.withdraw')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
