import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../query/errorMessage';
import { fichasKeys } from '../query/keys/fichas-keys';
import { type DrawerHit, type DrawerSubject, HitDetailDrawer } from './HitDetailDrawer';
import { type FichaWithListas, screeningReviewApi } from './screening-review-api';

/** A hit named from outside the ficha (a notification): the ficha, the list and the entry. */
export interface FichaHitTarget {
  fichaId: string;
  listId: string;
  entityId: string;
}

/** The ficha's side of the comparison, as the ficha's Lists tab gives it. */
export function fichaSubject(ficha: FichaWithListas): DrawerSubject {
  return {
    names: [ficha.fullName],
    documents: ficha.withoutDocument ? [] : [ficha.dniFormatted],
    birthDate: ficha.birthDate ?? null,
    countries: [ficha.nationality, ficha.countryOfResidence].filter((c): c is string => !!c),
    addresses: [ficha.address, ficha.city].filter((c): c is string => !!c),
  };
}

/** The hit of the ficha's current listas (with its explanation), or null when the ficha no longer carries it. */
export function fichaHit(ficha: FichaWithListas, listId: string, entityId: string) {
  const list = ficha.listas?.lists.find((l) => l.listId === listId);
  const hit = list?.hits.find((h) => h.entityId === entityId);
  if (!list || !hit) return null;
  const drawer: DrawerHit = { ...hit, listId: list.listId, listName: list.listName };
  return { hit: drawer, dismissed: !!hit.dismissed };
}

/** What the opener may add to the drawer's actions for the hit shown (the PEP register's match decision). */
export type FichaHitExtra = (ficha: FichaWithListas, hit: DrawerHit & { dismissed: boolean }) => ReactNode;

/**
 * Opens a hit of a ficha from outside the ficha (the notifications): loads the ficha through the fichas API and shows
 * the hit in the same detail drawer as the ficha's Lists tab, explanation in words included, with a link to the
 * ficha (where the hit is dismissed). `extra` adds the opener's own actions above the link. When the ficha no longer
 * carries the hit, says so.
 */
export function FichaHitDrawer({
  target,
  onClose,
  extra,
}: {
  target: FichaHitTarget | null;
  onClose: () => void;
  extra?: FichaHitExtra;
}) {
  const { t } = useTranslation('screening');
  const ficha = useQuery({
    queryKey: fichasKeys.detail(target?.fichaId ?? ''),
    queryFn: () => screeningReviewApi.ficha(target?.fichaId ?? ''),
    enabled: !!target,
  });
  const found = target && ficha.data ? fichaHit(ficha.data, target.listId, target.entityId) : null;
  const openFicha = target && (
    <Group justify="flex-end">
      <Button component={Link} to={`/home/fichas/${target.fichaId}`} variant="light" data-testid="hit-open-ficha">
        {t('screening:drawer.openFicha')}
      </Button>
    </Group>
  );

  if (target && found && ficha.data)
    return (
      <HitDetailDrawer
        hit={found.hit}
        subject={fichaSubject(ficha.data)}
        subjectLabel={ficha.data.fullName}
        onClose={onClose}
        actions={
          <Stack gap="xs">
            {found.dismissed && (
              <Group>
                <Badge color="gray">{t('screening:dismissal.dismissed')}</Badge>
              </Group>
            )}
            {extra?.(ficha.data, { ...found.hit, dismissed: found.dismissed })}
            {openFicha}
          </Stack>
        }
      />
    );
  return (
    <Drawer
      opened={!!target}
      onClose={onClose}
      position="right"
      size="min(960px, 100vw)"
      title={<Title order={3}>{t('screening:drawer.title')}</Title>}
      closeButtonProps={{ 'aria-label': t('screening:dismissal.cancel') }}
    >
      <Stack gap="md" data-testid="hit-detail-missing">
        {ficha.isLoading && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('screening:drawer.loading')}</Text>
          </Group>
        )}
        {ficha.isError && (
          <Alert color="red">
            {t('screening:drawer.fichaUnavailable')} {errorMessage(ficha.error)}
          </Alert>
        )}
        {ficha.data && !found && (
          <Alert color="gray" data-testid="hit-gone">
            {t('screening:drawer.hitGone')}
          </Alert>
        )}
        {!ficha.isLoading && openFicha}
      </Stack>
    </Drawer>
  );
}
