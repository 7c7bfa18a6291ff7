import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PepMexicoMatch } from '@regcheck/shared/schemas/records';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDay } from '../../../app/format/format';
import { recordsApi } from '../api/records-api';
import { LookupStates } from '../components/LookupStates';
import { PersonLine } from '../components/PersonLine';
import { recordsKeys } from '../keys';

const matchColor = (p: number) => (p >= 85 ? 'red' : p >= 60 ? 'orange' : 'gray');

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '-'}</Text>
    </div>
  );
}

function MatchCard({ m }: { m: PepMexicoMatch }) {
  const { t, i18n } = useTranslation('records');
  const pct = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(m.matchPercentage);
  return (
    <Paper withBorder p="md" radius="md" data-testid="pep-mexico-match">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={600}>{m.fullName}</Text>
        <Badge color={matchColor(m.matchPercentage)} variant="light">
          {t('records:pepMexico.columns.match')}: {pct} %
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Field label={t('records:pepMexico.columns.type')} value={m.type} />
        <Field label={t('records:pepMexico.columns.entity')} value={m.entity} />
        <Field label={t('records:pepMexico.columns.activity')} value={m.activity} />
        <Field label={t('records:pepMexico.columns.personType')} value={m.personType} />
        <Field label={t('records:pepMexico.columns.documentType')} value={m.documentType} />
        <Field label={t('records:pepMexico.columns.birthDate')} value={formatDay(m.birthDate) || null} />
        <Field label={t('records:pepMexico.columns.nationality')} value={m.nationality} />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /home/records/:run/pepMexico: the PEP Mexico matches of the person's name, best match first, with the
 * "not configured", "sample data" and provider-error states.
 */
export function PepMexicoPage() {
  const { t } = useTranslation(['records', 'shell']);
  const { run = '' } = useParams();
  const q = useQuery({ queryKey: recordsKeys.pepMexico(run), queryFn: () => recordsApi.pepMexico(run), retry: false });
  const v = q.data;
  return (
    <Stack gap="md">
      <Title order={2}>{t('shell:routes.pepMexico')}</Title>
      {v && <PersonLine person={v.person} />}
      <LookupStates q={q} skeletonHeight={240}>
        {(a) =>
          a.matches.length === 0 ? (
            <Text data-testid="pep-mexico-empty">{t('records:pepMexico.empty')}</Text>
          ) : (
            <>
              <Text>{t('records:pepMexico.found', { count: a.matches.length })}</Text>
              {a.matches.map((m) => (
                <MatchCard key={`${m.fullName}|${m.birthDate}|${m.entity}|${m.type}`} m={m} />
              ))}
            </>
          )
        }
      </LookupStates>
    </Stack>
  );
}
