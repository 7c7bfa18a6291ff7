import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LookupError } from './LookupError';
import { NotConfiguredNotice, SampleNotice, SourceLine } from './LookupNotice';

interface LookupAnswer {
  state: 'found' | 'notFound' | 'notConfigured';
  sample?: boolean;
  cached?: boolean;
  fetchedAt?: string;
}

/**
 * The states of a provider lookup every record page shows alike: loading, the provider error (with a retry), not
 * configured; an answer gets the sample notice and its source line, then `children`.
 */
export function LookupStates<V extends LookupAnswer>({
  q,
  skeletonHeight,
  children,
}: {
  q: UseQueryResult<V>;
  skeletonHeight: number;
  children: (v: V) => ReactNode;
}) {
  const v = q.data;
  return (
    <>
      {q.isLoading && <Skeleton height={skeletonHeight} />}
      {q.error && <LookupError error={q.error} onRetry={() => void q.refetch()} />}
      {v?.state === 'notConfigured' && <NotConfiguredNotice />}
      {v && v.state !== 'notConfigured' && (
        <>
          {v.sample && <SampleNotice />}
          <SourceLine sample={v.sample} cached={v.cached} fetchedAt={v.fetchedAt} />
          {children(v)}
        </>
      )}
    </>
  );
}
