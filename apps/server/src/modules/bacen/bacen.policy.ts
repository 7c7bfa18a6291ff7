import type { RouteAccess, TenantCaller } from '../../plugins/context';
import { recordsError } from '../providers';

/**
 * Bacen fraud-indication records: admin and adminNoUser of a Brazilian company (the `bacen` key carries the
 * country rule, so a Chilean company's user gets 403).
 */
export const bacenAccess = { all: 'bacen' } satisfies Record<string, RouteAccess>;

/** The company named in the path must be the caller's: another company's records are a 404. */
export function ownCompany(caller: TenantCaller, companyId: string): string {
  if (companyId !== caller.companyId) throw recordsError('BACEN_REPORT_NOT_FOUND');
  return companyId;
}
