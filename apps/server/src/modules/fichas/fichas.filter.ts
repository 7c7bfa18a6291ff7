import { AppError } from '../../lib/errors';
import type { TenantCaller } from '../../plugins/context';
import { maySeeTrash } from './fichas.policy';
import { fichaWhereToSql, type ListCondition } from './fichas.search.repo';
import { foldText } from './fichas.validation';

/**
 * The LoopBack filter of fichas as the caller wrote it, turned into the list condition: the `search` terms taken
 * apart (resolved in SQL by fichas.search.repo.ts), their values folded as search_name is stored, and active
 * fichas only unless the where names a status (reading the trash needs the `trash` permission).
 */

export type { ListCondition } from './fichas.search.repo';

/** Fold the values of `search` conditions the way search_name is stored (case and accents ignored). */
function foldSearch(where: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!where) return where;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(where)) {
    if ((k === 'and' || k === 'or') && Array.isArray(v))
      out[k] = v.map((w) => foldSearch(w as Record<string, unknown>));
    else if (k === 'search' && typeof v === 'string') out[k] = { like: `%${foldText(v)}%` };
    else if (k === 'search' && v && typeof v === 'object')
      out[k] = Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([op, a]) => [
          op,
          typeof a === 'string' ? foldText(a.replaceAll('%', ' ')).replace(/^|$/g, '%') : a,
        ]),
      );
    else out[k] = v;
  }
  return out;
}

/** Pulls the `search` terms out of the top level of a where (and of a top-level `and`). */
function extractSearch(where: Record<string, unknown> | undefined): {
  rest: Record<string, unknown> | undefined;
  terms: string[];
} {
  if (!where) return { rest: where, terms: [] };
  const rest: Record<string, unknown> = { ...where };
  const terms: string[] = [];
  const take = (v: unknown): boolean => {
    if (typeof v === 'string') {
      terms.push(v);
      return true;
    }
    if (v && typeof v === 'object' && Object.keys(v).length === 1) {
      const [op, arg] = Object.entries(v as Record<string, unknown>)[0] ?? [];
      if ((op === 'like' || op === 'ilike' || op === 'eq') && typeof arg === 'string') {
        terms.push(arg.replaceAll('%', ' '));
        return true;
      }
    }
    return false;
  };
  if ('search' in rest && take(rest.search)) delete rest.search;
  if (Array.isArray(rest.and)) {
    rest.and = rest.and.filter((w) => {
      if (w && typeof w === 'object' && Object.keys(w).length === 1 && 'search' in w)
        return !take((w as Record<string, unknown>).search);
      return true;
    });
  }
  return { rest, terms };
}

function mentionsStatus(where: unknown): boolean {
  if (!where || typeof where !== 'object') return false;
  return Object.entries(where as Record<string, unknown>).some(
    ([k, v]) => k === 'status' || ((k === 'and' || k === 'or') && Array.isArray(v) && v.some(mentionsStatus)),
  );
}

/**
 * The list condition: the caller's `where` over the allow-listed fields; active fichas unless `where` names a
 * status. Reading the trash (status other than active) needs the `trash` permission.
 */
export function listCondition(caller: TenantCaller, rawWhere: Record<string, unknown> | undefined): ListCondition {
  const { rest, terms } = extractSearch(rawWhere);
  const where = foldSearch(rest);
  if (mentionsStatus(where)) {
    const onlyActive = where?.status === 'active';
    if (!onlyActive && !maySeeTrash(caller)) throw new AppError('FORBIDDEN');
    return { base: fichaWhereToSql(where), terms };
  }
  return { base: fichaWhereToSql({ ...where, status: 'active' }), terms };
}

/**
 * The condition of the fichas reports (GET /informes/fichasPersonas*): their where is built by the server from the
 * report's own query (fichas.reports.ts), its status included, so it is not the caller's list filter and the trash
 * rule of `listCondition` does not apply: the report answers every role that holds its permission (mainPanel).
 */
export function reportCondition(reportWhere: Record<string, unknown>): ListCondition {
  const { rest, terms } = extractSearch(reportWhere);
  return { base: fichaWhereToSql(foldSearch(rest)), terms };
}
