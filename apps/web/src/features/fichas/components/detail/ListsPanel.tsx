import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { can } from '@regcheck/shared/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../app/format/format';
import { notifyError, notifySuccess } from '../../../../app/notify/notify';
import { errorMessage } from '../../../../app/query/errorMessage';
import { screeningKeys } from '../../../../app/query/keys/screening-keys';
import { DismissHitModal, type DismissTarget } from '../../../../app/screening/DismissHitModal';
import { explainInWords, isExplanation } from '../../../../app/screening/explain';
import { type DrawerHit, HitDetailDrawer } from '../../../../app/screening/HitDetailDrawer';
import { listLabel } from '../../../../app/screening/list-catalog';
import { type MatchDismissal, scorePercent, screeningReviewApi } from '../../../../app/screening/screening-review-api';
import { useUser } from '../../../../app/session/useSession';
import { DataTable } from '../../../../app/ui/DataTable';
import { type Ficha, fichasApi } from '../../api/fichas-api';
import { PEP_REGISTER_LIST, PepMatch } from './PepMatch';

type ListEntry = NonNullable<Ficha['listas']>['lists'][number];
type Hit = ListEntry['hits'][number];

const keyOf = (listId: string, entityId: string) => `${listId}\u0001${entityId}`;

/**
 * The ficha's Lists tab: one line per list with its result, then each hit as a card with its explanation in words,
 * the detail drawer (the list entry beside the ficha), and the four-eyes dismissal for the blacklist reviewers:
 * propose with a reason, a second reviewer approves or rejects; the risk changes only when approved. A hit of the PEP
 * register carries the officer's decision on the name match (PepMatch: the same person, or not).
 */
export function ListsPanel({ ficha, canWrite, onChanged }: { ficha: Ficha; canWrite: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation(['screening', 'fichas']);
  const user = useUser();
  const qc = useQueryClient();
  const canReview = can({ role: user.role, company: user.company }, 'blacklistAdmin');
  const [open, setOpen] = useState<DrawerHit | null>(null);
  const [dismiss, setDismiss] = useState<DismissTarget | null>(null);
  const listas = ficha.listas;
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);

  // the proposals (who proposed what) are read by the reviewers only; the server answers 403 to the others
  const proposals = useQuery({
    queryKey: screeningKeys.dismissals(ficha.id),
    queryFn: () => screeningReviewApi.dismissals({ fichaId: ficha.id, limit: 200 }),
    enabled: canReview,
  });
  const byHit = new Map<string, MatchDismissal>();
  // newest first: the first proposal of a hit is its current one
  for (const p of proposals.data?.data ?? [])
    if (!byHit.has(keyOf(p.listId, p.entityId))) byHit.set(keyOf(p.listId, p.entityId), p);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: screeningKeys.dismissals(ficha.id) });
    onChanged();
  };
  const screen = useMutation({
    mutationFn: () => fichasApi.screen(ficha.id),
    onSuccess: () => onChanged(),
    onError: (e) => notifyError(errorMessage(e)),
  });
  const decide = useMutation({
    mutationFn: (d: { id: string; decision: 'approve' | 'reject' }) =>
      screeningReviewApi.decideDismissal(d.id, d.decision),
    onSuccess: (p) => {
      notifySuccess(p.status === 'approved' ? t('screening:dismissal.approved') : t('screening:dismissal.rejected'));
      setOpen(null);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  const subject = {
    names: [ficha.fullName],
    documents: ficha.withoutDocument ? [] : [ficha.dniFormatted],
    birthDate: ficha.birthDate ?? null,
    countries: [ficha.nationality, ficha.countryOfResidence].filter((c): c is string => !!c),
    addresses: [ficha.address, ficha.city].filter((c): c is string => !!c),
  };

  const hitActions = (l: ListEntry, h: Hit, inDrawer: boolean) => {
    const p = byHit.get(keyOf(l.listId, h.entityId));
    const pending = p?.status === 'pending' ? p : undefined;
    return (
      <Group gap="xs" justify={inDrawer ? 'flex-end' : 'flex-start'}>
        {!inDrawer && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen({ ...h, listId: l.listId, listName: l.listName })}
          >
            {t('screening:drawer.open')}
          </Button>
        )}
        {canReview && !h.dismissed && !pending && l.listId !== PEP_REGISTER_LIST && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              setDismiss({ fichaId: ficha.id, listId: l.listId, entityId: h.entityId, name: h.matchedName })
            }
          >
            {t('screening:dismissal.dismiss')}
          </Button>
        )}
        {canReview && pending && pending.proposedBy !== user.id && (
          <>
            <Button
              size="compact-sm"
              color="red"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: pending.id, decision: 'approve' })}
            >
              {t('screening:dismissal.approve')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: pending.id, decision: 'reject' })}
            >
              {t('screening:dismissal.reject')}
            </Button>
          </>
        )}
      </Group>
    );
  };

  const status = (l: ListEntry, h: Hit) => {
    const p = byHit.get(keyOf(l.listId, h.entityId));
    if (h.dismissed)
      return (
        <Stack gap={2}>
          <Badge color="gray">{t('screening:dismissal.dismissed')}</Badge>
          {p?.status === 'approved' && (
            <Text size="xs" c="dimmed">
              {t('screening:dismissal.dismissedDetail', {
                by: p.proposedByName ?? '',
                approver: p.decidedByName ?? '',
                reason: [t(`screening:dismissal.reasons.${p.reasonCode}`, { defaultValue: p.reasonCode }), p.reasonText]
                  .filter(Boolean)
                  .join(' · '),
              })}
            </Text>
          )}
        </Stack>
      );
    if (p?.status === 'pending')
      return (
        <Stack gap={2}>
          <Badge color="yellow" data-testid="dismissal-pending">
            {t('screening:dismissal.pendingBadge')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('screening:dismissal.pending', { name: p.proposedByName ?? '', date: formatDateTime(p.proposedAt) })}
            {' · '}
            {t(`screening:dismissal.reasons.${p.reasonCode}`, { defaultValue: p.reasonCode })}
            {p.reasonText ? `: ${p.reasonText}` : ''}
          </Text>
          {p.proposedBy === user.id && (
            <Text size="xs" c="dimmed">
              {t('screening:dismissal.ownProposal')}
            </Text>
          )}
        </Stack>
      );
    return null;
  };

  const withHits = (listas?.lists ?? []).filter((l) => l.hits.length > 0);
  const drawerList = open ? listas?.lists.find((l) => l.listId === open.listId) : undefined;
  const drawerHit = drawerList?.hits.find((h) => h.entityId === open?.entityId);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('screening:listsTab.title')}
          </Title>
          <Group gap="sm">
            {listas?.lastChecked && (
              <Text size="sm" c="dimmed">
                {t('screening:listsTab.lastChecked', { date: formatDate(listas.lastChecked) })}
              </Text>
            )}
            {canWrite && (
              <Button size="xs" variant="light" onClick={() => screen.mutate()} loading={screen.isPending}>
                {t('screening:listsTab.screenNow')}
              </Button>
            )}
          </Group>
        </Group>
        {listas?.error && <Alert color="red">{t('screening:listsTab.failed')}</Alert>}
        {!listas || listas.lists.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('screening:listsTab.none')}
          </Text>
        ) : (
          <>
            <DataTable
              testId="lists-table"
              columns={[
                {
                  key: 'list',
                  header: t('screening:listsTab.list'),
                  render: (l) => listLabel(tt, l.listId, l.listName),
                },
                {
                  key: 'result',
                  header: t('screening:listsTab.result'),
                  width: 200,
                  render: (l) => (
                    <Badge color={l.coincidence ? 'red' : 'teal'} variant="light">
                      {l.coincidence ? t('screening:listsTab.coincidence') : t('screening:listsTab.noCoincidence')}
                    </Badge>
                  ),
                },
                {
                  key: 'hits',
                  header: '',
                  width: 180,
                  render: (l) => (
                    <Text size="sm" c="dimmed">
                      {l.hits.length
                        ? t('screening:listsTab.hits', { count: l.hits.length })
                        : t('screening:listsTab.noHits')}
                    </Text>
                  ),
                },
              ]}
              rows={listas.lists}
              getId={(l) => l.listId}
              emptyText={t('screening:listsTab.none')}
              minWidth={520}
            />
            {withHits.map((l) =>
              l.hits.map((h) => (
                <Card key={keyOf(l.listId, h.entityId)} withBorder padding="sm" data-testid="list-hit">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={0}>
                        <Text fw={600}>{h.matchedName}</Text>
                        <Text size="sm" c="dimmed">
                          {listLabel(tt, l.listId, l.listName)}
                          {h.name !== h.matchedName ? ` · ${h.name}` : ''}
                        </Text>
                      </Stack>
                      <Badge color={h.dismissed ? 'gray' : h.score >= 0.9 ? 'red' : 'orange'} variant="filled">
                        {t('screening:listsTab.score', { score: scorePercent(h.score) })}
                      </Badge>
                    </Group>
                    {isExplanation(h.explanation) && (
                      <Text size="sm" data-testid="hit-explanation-text">
                        {explainInWords(h.explanation, tt, i18n.language, {
                          query: [ficha.name, ficha.fatherName, ficha.motherName, ficha.socialReason],
                          candidate: [h.matchedName, h.name],
                        })}
                      </Text>
                    )}
                    {l.listId === PEP_REGISTER_LIST && (
                      <PepMatch
                        ficha={ficha}
                        personId={h.entityId}
                        listName={l.listName}
                        dismissed={!!h.dismissed}
                        pendingDismissal={byHit.get(keyOf(l.listId, h.entityId))?.status === 'pending'}
                        canDecide={canReview}
                        onNotSame={() =>
                          setDismiss({ fichaId: ficha.id, listId: l.listId, entityId: h.entityId, name: h.matchedName })
                        }
                        onChanged={refresh}
                      />
                    )}
                    {status(l, h)}
                    {hitActions(l, h, false)}
                  </Stack>
                </Card>
              )),
            )}
          </>
        )}
      </Stack>
      <HitDetailDrawer
        hit={open}
        subject={subject}
        onClose={() => setOpen(null)}
        actions={
          drawerList && drawerHit ? (
            <Stack gap="xs">
              {drawerList.listId === PEP_REGISTER_LIST && (
                <PepMatch
                  ficha={ficha}
                  personId={drawerHit.entityId}
                  listName={drawerList.listName}
                  dismissed={!!drawerHit.dismissed}
                  pendingDismissal={byHit.get(keyOf(drawerList.listId, drawerHit.entityId))?.status === 'pending'}
                  canDecide={canReview}
                  onNotSame={() =>
                    setDismiss({
                      fichaId: ficha.id,
                      listId: drawerList.listId,
                      entityId: drawerHit.entityId,
                      name: drawerHit.matchedName,
                    })
                  }
                  onChanged={refresh}
                  compact
                />
              )}
              {hitActions(drawerList, drawerHit, true)}
            </Stack>
          ) : undefined
        }
      />
      <DismissHitModal target={dismiss} onClose={() => setDismiss(null)} onDone={refresh} />
    </Card>
  );
}
