import { Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LookupStates } from './LookupStates';
import { PersonLine } from './PersonLine';

interface PersonAnswer {
  state: 'found' | 'notFound' | 'notConfigured';
  sample?: boolean;
  cached?: boolean;
  fetchedAt?: string;
  person: { id: string; dni: string; name: string; personType: string };
}

/**
 * A /home/records/:run/... page of one provider: its title, the person, then the lookup's states (loading, provider
 * error with the contracted-limit message, not configured, sample data) around `children`.
 */
export function RecordFrame<V extends PersonAnswer>({
  title,
  q,
  children,
  actions,
}: {
  title: string;
  q: UseQueryResult<V>;
  children: (v: V) => ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {q.data && <PersonLine person={q.data.person} />}
      {actions}
      <LookupStates q={q} skeletonHeight={260}>
        {children}
      </LookupStates>
    </Stack>
  );
}
