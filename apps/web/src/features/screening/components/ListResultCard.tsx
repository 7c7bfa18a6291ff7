import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { explainInWords } from '../../../app/screening/explain';
import type { DrawerHit } from '../../../app/screening/HitDetailDrawer';
import { FreshnessBadge, screenedAgainst } from '../../../app/screening/ListFreshness';
import { listLabel } from '../../../app/screening/list-catalog';
import { scorePercent } from '../../../app/screening/screening-review-api';
import type { ListResult } from '../api/screening-api';

/**
 * One list of the answer: its translated name and kind, the coincidence badge, and each hit with its score, its
 * explanation in words and the detail (the list entry beside the searched data).
 */
export function ListResultCard({
  list,
  queryNames,
  onOpen,
}: {
  list: ListResult;
  /** the names that were searched, so that the explanation shows them as written */
  queryNames: string[];
  onOpen: (hit: DrawerHit) => void;
}) {
  const { t, i18n } = useTranslation('screening');
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  return (
    <Card withBorder padding="sm" data-testid={`list-result-${list.listId}`}>
      <Group justify="space-between" mb={list.hits.length ? 'xs' : 0}>
        <Group gap="xs">
          <Text fw={600}>{listLabel(tt, list.listId, list.listName)}</Text>
          <Badge variant="outline" color="gray" size="sm">
            {t(`screening:consult.kinds.${list.kind}`)}
          </Badge>
          {list.version?.state === 'stale' && <FreshnessBadge state="stale" />}
        </Group>
        <Badge color={list.coincidence ? 'red' : 'green'} data-testid="coincidence-badge">
          {list.coincidence ? t('screening:consult.coincidence') : t('screening:consult.noCoincidence')}
        </Badge>
      </Group>
      {list.version?.versionDate && (
        <Text
          size="xs"
          c={list.version.state === 'stale' ? 'orange.8' : 'dimmed'}
          mb={list.hits.length ? 'xs' : 0}
          data-testid="screened-against"
        >
          {screenedAgainst(t, listLabel(tt, list.listId, list.listName), list.version)}
        </Text>
      )}
      <Stack gap="xs">
        {list.hits.map((h) => (
          <Card key={h.entityId} withBorder padding="xs" data-testid="hit-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={500}>{h.matchedName}</Text>
                {h.name !== h.matchedName && (
                  <Text size="xs" c="dimmed">
                    {t('screening:consult.primaryName', { name: h.name })}
                  </Text>
                )}
                <Text size="sm" data-testid="hit-explanation-text">
                  {explainInWords(h.explanation, tt, i18n.language, {
                    query: queryNames,
                    candidate: [h.matchedName, h.name],
                  })}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end">
                <Badge color={h.score >= 0.9 ? 'red' : 'orange'} variant="filled">
                  {scorePercent(h.score)}
                </Badge>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpen({ ...h, listId: list.listId, listName: list.listName })}
                >
                  {t('screening:drawer.open')}
                </Button>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
