import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichasData from '../fichas';
import { beneficialOwnersOf, dniDisplay, fichaError, fullNameOf } from '../fichas';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * GET /fichas-clientes-beneficiaries/{id}: natural persons who own the threshold or more, directly or through
 * other companies (shares multiplied along each chain and added across chains), plus effective control and
 * declared beneficiaries below it. The rule is the one of packages/shared/src/beneficial-owners.ts, the same the
 * risk rating applies, so "unresolved" here and the rating's unresolved-owner reason always agree.
 */
export async function beneficiaries(deps: AppDeps, caller: TenantCaller, fichaId: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const ficha = await fichasData.readFicha(trx, caller.companyId, fichaId);
    if (!ficha) throw fichaError('FICHA_NOT_FOUND');
    const r = await beneficialOwnersOf(trx, caller.companyId, ficha);
    const people = new Map(r.edges.map((e) => [e.relatedFichaId, e]));
    const out = r.owners.flatMap((o) => {
      const p = people.get(o.fichaId);
      if (!p) return [];
      const t = json<{ document?: string } | null>(p.dniType) ?? {};
      return [
        {
          fichaId: o.fichaId,
          dni: p.dni,
          dniFormatted: dniDisplay(p.dni, t.document ?? ''),
          fullName: fullNameOf({ ...p, personType: p.relatedPersonType }),
          personType: p.relatedPersonType,
          participation: o.participation,
          directParticipation: o.directParticipation,
          basis: o.basis,
          paths: o.paths,
          risk: p.risk,
        },
      ];
    });
    return { fichaId, threshold: r.threshold, inclusive: r.inclusive, beneficiaries: out, unresolved: r.unresolved };
  });
}
