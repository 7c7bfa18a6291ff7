import { Alert, Anchor, Badge, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { listEntryName, listEntryReason } from '@regcheck/shared/list-entries';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { countryName } from '../format/format';
import { screeningKeys } from '../query/keys/screening-keys';
import { DataTable } from '../ui/DataTable';
import { type ExplanationSegment, explanationSegments, isExplanation } from './explain';
import { identifierTypeLabel } from './identifier-types';
import { listLabel, versionLabel } from './list-catalog';
import { type ListEntryDetail, scorePercent, screeningReviewApi } from './screening-review-api';

/** The hit the drawer shows: as the ficha's listas, the individual search and the notifications carry it. */
export interface DrawerHit {
  listId: string;
  listName: string;
  entityId: string;
  name: string;
  matchedName: string;
  score: number;
  explanation?: unknown;
}

/** The customer's (or the search's) side of the comparison. */
export interface DrawerSubject {
  names: string[];
  documents: string[];
  birthDate?: string | null;
  countries: string[];
  addresses: string[];
}

type Tone = ExplanationSegment['tone'] | undefined;
const TONE_BG: Record<string, string> = {
  agrees: 'var(--mantine-color-red-0)',
  conflicts: 'var(--mantine-color-green-0)',
};

/** The host of a published list's address (the link keeps the whole address). */
function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A version label with its ISO dates (OFAC SDN 2024-05-03) written as the page writes dates. */
function showLabel(label: string) {
  return label.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (d) => formatDate(d));
}

function showDate(d: string) {
  return /^\d{4}-\d{2}-\d{2}/.test(d) ? formatDate(d.slice(0, 10)) : d.split('-').reverse().join('/');
}

function Values({ values, none }: { values: string[]; none: string }) {
  if (!values.length)
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  return (
    <Stack gap={2}>
      {values.map((v) => (
        <Text key={v} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {v}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A hit in full: the explanation in words (what agrees and what conflicts) and the list entry whole beside the
 * customer's data, field by field; a row that supports the match is tinted red, one that speaks against it green.
 * The ficha's Lists tab, the individual search and the notifications open it; `actions` holds the dismissal.
 */
export function HitDetailDrawer({
  hit,
  subject,
  subjectLabel,
  onClose,
  actions,
}: {
  hit: DrawerHit | null;
  subject: DrawerSubject;
  /** header of the customer's column (the ficha, or the searched data) */
  subjectLabel?: string;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('screening');
  const lang = i18n.language;
  const entry = useQuery({
    queryKey: screeningKeys.entry(hit?.listId ?? '', hit?.entityId ?? ''),
    queryFn: () => screeningReviewApi.entry(hit?.listId ?? '', hit?.entityId ?? ''),
    enabled: !!hit && hit.listId !== 'interest' && hit.listId !== 'blacklist',
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });
  const segments =
    hit && isExplanation(hit.explanation)
      ? explanationSegments(hit.explanation, t, lang, {
          query: subject.names,
          candidate: [hit.matchedName, hit.name, ...(entry.data?.names ?? [])],
        })
      : [];
  const toneOf = (field: ExplanationSegment['field']): Tone => segments.find((s) => s.field === field)?.tone;
  const country = (c: string) => countryName(c, lang);
  const e: ListEntryDetail | undefined = entry.data;
  const none = t('screening:drawer.none');
  const rows: { key: string; label: string; list: string[]; mine: string[]; tone?: Tone }[] = hit
    ? [
        {
          key: 'names',
          label: t('screening:drawer.names'),
          list: (e?.names ?? [hit.name, hit.matchedName].filter((v, i, a) => a.indexOf(v) === i)).map((n) =>
            listEntryName(hit.listId, n, e?.countries ?? [], lang),
          ),
          mine: subject.names,
          tone: toneOf('name'),
        },
        {
          key: 'identifiers',
          label: t('screening:drawer.identifiers'),
          list: (e?.identifiers ?? []).map(
            (i) => `${i.value} (${identifierTypeLabel(t, i.type)}${i.country ? `, ${country(i.country)}` : ''})`,
          ),
          mine: subject.documents,
          tone: toneOf('identifier'),
        },
        {
          key: 'birthDates',
          label: t('screening:drawer.birthDates'),
          list: (e?.birthDates ?? []).map(showDate),
          mine: subject.birthDate ? [showDate(subject.birthDate)] : [],
          tone: toneOf('birthDate'),
        },
        {
          key: 'countries',
          label: t('screening:drawer.countries'),
          list: (e?.countries ?? []).map(country),
          mine: subject.countries.map(country),
          tone: toneOf('country'),
        },
        { key: 'addresses', label: t('screening:drawer.addresses'), list: e?.addresses ?? [], mine: subject.addresses },
        { key: 'programs', label: t('screening:drawer.programs'), list: e?.programs ?? [], mine: [] },
        {
          key: 'listedOn',
          label: t('screening:drawer.listedOn'),
          list: e?.listedOn ? [showDate(e.listedOn)] : [],
          mine: [],
        },
        {
          key: 'remarks',
          label: t('screening:drawer.remarks'),
          list: e?.remarks ? [listEntryReason(t, e.remarks)] : [],
          mine: [],
        },
        { key: 'reference', label: t('screening:drawer.reference'), list: e?.reference ? [e.reference] : [], mine: [] },
        {
          key: 'version',
          label: t('screening:drawer.version'),
          list: e?.version
            ? [
                e.version.activatedAt
                  ? t('screening:drawer.versionLabel', {
                      label: showLabel(versionLabel(t, hit.listId, e.listName ?? hit.listName, e.version.label)),
                      date: formatDate(e.version.activatedAt),
                    })
                  : showLabel(versionLabel(t, hit.listId, e.listName ?? hit.listName, e.version.label)),
              ]
            : [],
          mine: [],
        },
        {
          key: 'source',
          label: t('screening:drawer.source'),
          list: [listLabel(t, hit.listId, e?.listName ?? hit.listName)],
          mine: [],
        },
        // an entry of the PEP register: the office and the end of the PEP status that make the person PEP
        ...(e?.pep
          ? [
              {
                key: 'pepLevel',
                label: t('screening:drawer.pepLevel'),
                list: [t(e.pep.level === 2 ? 'screening:drawer.pepLevel2' : 'screening:drawer.pepLevel1')],
                mine: [],
              },
              {
                key: 'pepOffice',
                label: t('screening:drawer.pepOffice'),
                list: [
                  [e.pep.position, e.pep.institution].filter(Boolean).join(' · '),
                  e.pep.officeStart || e.pep.officeEnd
                    ? `${e.pep.officeStart ? showDate(e.pep.officeStart) : '…'} – ${e.pep.officeEnd ? showDate(e.pep.officeEnd) : t('screening:drawer.pepInOffice')}`
                    : '',
                ].filter(Boolean),
                mine: [],
              },
              ...(e.pep.primaryName
                ? [{ key: 'pepPrimary', label: t('screening:drawer.pepPrimary'), list: [e.pep.primaryName], mine: [] }]
                : []),
              {
                key: 'pepUntil',
                label: t('screening:drawer.pepUntil'),
                list: [e.pep.expiration ? showDate(e.pep.expiration) : t('screening:drawer.pepInOffice')],
                mine: [],
              },
            ]
          : []),
      ]
    : [];
  const LIST_ONLY = new Set(['programs', 'listedOn', 'remarks', 'reference', 'version', 'source']);

  return (
    <Drawer
      opened={!!hit}
      onClose={onClose}
      position="right"
      size="min(960px, 100vw)"
      title={<Title order={3}>{t('screening:drawer.title')}</Title>}
      closeButtonProps={{ 'aria-label': t('screening:dismissal.cancel') }}
    >
      {hit && (
        <Stack gap="md" data-testid="hit-detail">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{hit.matchedName}</Text>
              <Text size="sm" c="dimmed">
                {listLabel(t, hit.listId, hit.listName)}
                {e?.version?.activatedAt
                  ? ` · ${t('screening:drawer.versionSince', { date: formatDate(e.version.activatedAt) })}`
                  : ''}
              </Text>
            </Stack>
            <Badge color={hit.score >= 0.9 ? 'red' : 'orange'} size="lg">
              {t('screening:drawer.score')} {scorePercent(hit.score)}
            </Badge>
          </Group>
          {segments.length > 0 && (
            <Stack gap={4} data-testid="hit-explanation-words">
              {segments.map((s) => (
                <Group key={s.field} gap="xs" wrap="nowrap" align="flex-start">
                  <Badge
                    variant="light"
                    color={s.tone === 'agrees' ? 'red' : s.tone === 'conflicts' ? 'green' : 'gray'}
                    style={{ flexShrink: 0 }}
                  >
                    {s.tone === 'conflicts'
                      ? t('screening:drawer.conflicts')
                      : s.tone === 'neutral'
                        ? t('screening:drawer.partial')
                        : t('screening:drawer.agrees')}
                  </Badge>
                  <Text size="sm">
                    <b>{s.label}:</b> {s.text}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          {entry.isLoading && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('screening:drawer.loading')}</Text>
            </Group>
          )}
          {(entry.isError || hit.listId === 'interest' || hit.listId === 'blacklist') && (
            <Alert color="gray">{t('screening:drawer.entryUnavailable')}</Alert>
          )}
          <DataTable
            testId="hit-comparison"
            minWidth={0}
            getId={(r) => r.key}
            rows={rows}
            rowTint={(r) => (r.tone ? TONE_BG[r.tone] : undefined)}
            columns={[
              {
                key: 'field',
                header: t('screening:drawer.field'),
                width: '22%',
                render: (r) => (
                  <Text size="sm" fw={500}>
                    {r.label}
                  </Text>
                ),
              },
              {
                key: 'entry',
                header: t('screening:drawer.entry'),
                width: '39%',
                render: (r) => (
                  <>
                    <Values values={r.list} none={none} />
                    {r.key === 'source' && e?.sourceUrl && (
                      <Anchor
                        href={e.sourceUrl}
                        target="_blank"
                        rel="noreferrer noopener"
                        size="sm"
                        title={e.sourceUrl}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {hostOf(e.sourceUrl)}
                      </Anchor>
                    )}
                  </>
                ),
              },
              {
                key: 'customer',
                header: subjectLabel ?? t('screening:drawer.customer'),
                width: '39%',
                render: (r) => <Values values={r.mine} none={LIST_ONLY.has(r.key) ? '' : none} />,
              },
            ]}
          />
          {actions}
        </Stack>
      )}
    </Drawer>
  );
}
