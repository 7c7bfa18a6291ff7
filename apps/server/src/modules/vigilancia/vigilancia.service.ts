import type { VigilanciaRowT } from '@regcheck/shared';
import type { AppDeps } from '../../plugins/context';
import { companiesHolding } from '../fichas';
import { PEP_REGISTER_LIST } from '../lists';
import { type WatchKind, watchedPeople, watchSummary } from '../people';

/*
 * The watcher's vigilancia: new PEPs, PEPs whose office ended and whose status expires soon, and people whose PEP
 * status changed, each with the companies holding a ficha of that person (names, never ids).
 */

export async function vigilancia(
  deps: AppDeps,
  q: { kind: WatchKind; days?: number; country?: 'CL' | 'BR'; limit: number; skip: number },
) {
  const page = await watchedPeople(deps, q.kind, q.days, q.country, q.limit, q.skip);
  const holders = await companiesHolding(
    deps,
    PEP_REGISTER_LIST,
    page.data.map((p) => ({ id: p.personId, dni: p.wholeDni })),
  );
  return {
    kind: q.kind,
    from: page.from,
    to: page.to,
    count: page.count,
    data: page.data.map(
      ({ wholeDni: _whole, ...p }): VigilanciaRowT => ({ ...p, companies: holders.get(p.personId) ?? [] }),
    ),
  };
}

export const summary = (deps: AppDeps) => watchSummary(deps);
