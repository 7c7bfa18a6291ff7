import type { FichaListasT } from '@regcheck/shared';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichas from '../fichas/fichas.service';
import { notifyScreenedMatches } from '../monitoring/monitoring.service';

/*
 * After a batch committed, the list matches of the fichas it touched become notifications, as a monitoring match
 * does: every match of a created or restored ficha and of a legal representative made on the fly, and of an updated
 * ficha only the matches it did not have before the load (a reload of the whole portfolio does not announce every
 * known match again). Dismissed matches are never announced, and a match is announced once per ficha and list
 * entry (monitoring.service `raiseMatchAlerts`): a restored ficha's match announced before is not announced again.
 */

/** A ficha to announce, with the matches it already had (null: announce them all). */
export interface ToNotify {
  fichaId: string;
  known: Set<string> | null;
}

const parse = (listas: unknown) =>
  (typeof listas === 'string' ? JSON.parse(listas) : listas) as FichaListasT | null | undefined;

const key = (listId: string, entityId: string) => `${listId}:${entityId}`;

/** The matches (list and entry) a ficha's stored listas hold and nobody dismissed. */
export function knownHits(listas: unknown): Set<string> {
  const out = new Set<string>();
  for (const l of parse(listas)?.lists ?? [])
    for (const h of l.hits) if (!h.dismissed) out.add(key(l.listId, h.entityId));
  return out;
}

/** The listas without the matches in `known`. */
function withoutKnown(listas: unknown, known: Set<string> | null): FichaListasT | null {
  const l = parse(listas);
  if (!l || !known) return l ?? null;
  return {
    ...l,
    lists: l.lists.map((x) => {
      const hits = x.hits.filter((h) => !known.has(key(x.listId, h.entityId)));
      return { ...x, hits, coincidence: x.coincidence && hits.length > 0 };
    }),
  };
}

/** Raises the notifications of a committed batch; answers how many were written. */
export async function notifyBatch(deps: AppDeps, caller: TenantCaller, items: ToNotify[]) {
  if (!items.length) return 0;
  const byId = new Map(items.map((i) => [i.fichaId, i.known]));
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    fichas.findFichas(trx, caller.companyId, [...byId.keys()]),
  );
  return notifyScreenedMatches(
    deps,
    caller.companyId,
    caller.auth.company?.language ?? 'es',
    rows.map((r) => ({ ...r, listas: withoutKnown(r.listas, byId.get(r.id) ?? null) })),
  );
}
