import type { CoafStateT } from '@regcheck/shared/schemas/coaf';

/**
 * Query keys of the reports feature (decision 279): the on-screen reports, the exports, the trends, the COAF queue
 * and the ROE filings. `all`, `exports`, `coaf.all` and `roe.all` are prefixes: invalidating one refreshes every key
 * below it.
 */
export const reportsKeys = {
  all: ['reports'] as const,
  /** an on-screen report by its API path */
  report: (path: string | null) => ['reports', path] as const,
  exports: ['reports', 'exports'] as const,
  exportPage: (limit: number, skip: number) => ['reports', 'exports', limit, skip] as const,
  exportCount: ['reports', 'exports', 'count'] as const,
  trends: ['analytics', 'trends'] as const,
  coaf: {
    all: ['coaf'] as const,
    queue: (state: CoafStateT, limit: number, skip: number) => ['coaf', 'queue', state, limit, skip] as const,
  },
  roe: {
    all: ['roe'] as const,
    summary: (from: string, to: string) => ['roe', 'summary', from, to] as const,
    filings: (from: string, to: string) => ['roe', 'filings', from, to] as const,
  },
};
