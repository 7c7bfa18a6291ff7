import { createIndex, type ListEntity, type MemoryScreeningIndex } from '@regcheck/screening';
import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import * as blacklistsService from '../blacklists';
import * as listInternsService from '../list-interns';

export const INTEREST_LIST = 'interest';
export const BLACKLIST_LIST = 'blacklist';

interface CompanyIndex {
  stamp: string;
  index: MemoryScreeningIndex;
}

const cache = new Map<string, CompanyIndex>();
const MAX_CACHED = 500;

/**
 * The index of a company's own lists (list of interest, blacklist). A cheap stamp (count and last change of both
 * tables) is read on every screening, so every process sees a change at once; the index is rebuilt only when
 * the stamp moved.
 */
export async function companyIndex(deps: AppDeps, companyId: string): Promise<MemoryScreeningIndex> {
  return withTenant(deps.db, companyId, async (trx) => {
    const stamp = `${await listInternsService.screeningStamp(trx, companyId)}|${await blacklistsService.screeningStamp(trx, companyId)}`;
    const hit = cache.get(companyId);
    if (hit && hit.stamp === stamp) return hit.index;
    const [interns, blacklists] = await Promise.all([
      listInternsService.activeForScreening(trx, companyId),
      blacklistsService.activeForScreening(trx, companyId),
    ]);
    const entities: ListEntity[] = [];
    for (const r of interns) {
      entities.push({
        id: r.id,
        listId: INTEREST_LIST,
        schema: r.personType === 'legal' ? 'Company' : 'Person',
        names: r.name ? [r.name] : [],
        identifiers: [{ type: 'dni', value: r.dni }],
        ...(r.country ? { countries: [r.country] } : {}),
        extra: { dni: r.dni, reason: r.reason ?? r.otherReason ?? undefined },
      });
    }
    for (const r of blacklists) {
      entities.push({
        id: r.id,
        listId: BLACKLIST_LIST,
        schema: r.personType === 'legal' ? 'Company' : 'Person',
        names: r.name ? [r.name] : [],
        identifiers: [{ type: 'dni', value: r.dni }],
        ...(r.country ? { countries: [r.country] } : {}),
        extra: { dni: r.dni, reason: r.reason ?? undefined, comment: r.comment ?? undefined },
      });
    }
    const index = createIndex(entities);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(companyId, { stamp, index });
    return index;
  });
}
