import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Hit } from '../api/screening-api';

/** How the name parts lined up, and the document, birth date, country and type evidence. */
export function HitExplanation({ hit }: { hit: Hit }) {
  const { t } = useTranslation('screening');
  const e = hit.explanation;
  return (
    <Stack gap={4} data-testid="hit-explanation">
      <Text size="sm">{e.summary}</Text>
      {e.parts.length > 0 && (
        <Group gap={6}>
          {e.parts.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their position
            <Badge key={i} variant="light" color={p.kind === 'conflict' || p.kind === 'extra' ? 'gray' : 'blue'}>
              {p.query || p.candidate}
              {p.query && p.candidate && p.query !== p.candidate ? ` ~ ${p.candidate}` : ''} ·{' '}
              {t(`screening:consult.parts.${p.kind}`, { defaultValue: p.kind })}
            </Badge>
          ))}
        </Group>
      )}
      <List size="sm">
        {e.identifier && (
          <List.Item>
            {t('screening:consult.evidence.identifier')}: {e.identifier.value}
          </List.Item>
        )}
        {e.birthDate && (
          <List.Item>
            {t('screening:consult.evidence.birthDate')}: {e.birthDate.query} / {e.birthDate.candidate.join(', ')} (
            {e.birthDate.result})
          </List.Item>
        )}
        {e.country && (
          <List.Item>
            {t('screening:consult.evidence.country')}: {e.country.query.join(', ')} / {e.country.candidate.join(', ')} (
            {e.country.result})
          </List.Item>
        )}
        {e.schema && (
          <List.Item>
            {t('screening:consult.evidence.schema')}: {e.schema.query} / {e.schema.candidate}
          </List.Item>
        )}
      </List>
    </Stack>
  );
}
