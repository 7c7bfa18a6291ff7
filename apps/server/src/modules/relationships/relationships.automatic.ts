import type { FichaRow } from '../../db/tables/fichas.tables';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichasData from '../fichas';
import { dniCandidates, fichaError, fullNameOf } from '../fichas';
import * as repo from './relationships.repo';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Keeps the first node of each ficha (the shortest path, as the graph comes ordered by level). */
function onePathPerNode<T extends { fichaId: string }>(nodes: T[]): T[] {
  const seen = new Set<string>();
  return nodes.filter((n) => {
    if (seen.has(n.fichaId)) return false;
    seen.add(n.fichaId);
    return true;
  });
}

/** Automatic relations to `distance` levels (1 to 5) from the company's own relationships. */
export async function automaticRelations(
  deps: AppDeps,
  caller: TenantCaller,
  start: { fichaId?: string; dni?: string },
  q: { distance: number; relationship_direction: 'both' | 'up' | 'down'; one_path_per_node: boolean },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    let ficha: FichaRow | undefined;
    if (start.fichaId) ficha = await fichasData.readFicha(trx, caller.companyId, start.fichaId);
    else ficha = (await fichasData.readActiveFichasByDni(trx, caller.companyId, dniCandidates(start.dni ?? '')))[0];
    if (!ficha)
      throw start.fichaId ? fichaError('FICHA_NOT_FOUND') : fichaError('NO_RECORDS_FOR_DNI', { field: 'dni' });
    let nodes = await repo.relationGraph(trx, caller.companyId, ficha.id, q.distance, q.relationship_direction);
    if (q.one_path_per_node) nodes = onePathPerNode(nodes);
    const rows = new Map(
      (await fichasData.readFichas(trx, caller.companyId, [...new Set(nodes.map((n) => n.fichaId))])).map((r) => [
        r.id,
        r,
      ]),
    );
    const lastChecked = (r: FichaRow) => json<{ lastChecked?: string } | null>(r.listas)?.lastChecked ?? null;
    const out = nodes
      .map((n) => {
        const r = rows.get(n.fichaId);
        if (r?.status !== 'active') return null;
        return {
          ...n,
          dni: r.dni,
          fullName: fullNameOf(r),
          personType: r.personType,
          risk: r.risk,
          lastConsultationDate: lastChecked(r),
        };
      })
      .filter((n): n is NonNullable<typeof n> => n !== null);
    return {
      fichaId: ficha.id,
      dni: ficha.dni,
      distance: q.distance,
      lastConsultationDate: lastChecked(ficha),
      persons: out.filter((n) => n.personType === 'natural'),
      companies: out.filter((n) => n.personType === 'legal'),
    };
  });
}
