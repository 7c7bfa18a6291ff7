import { orderedCountries } from '@regcheck/shared/reference/index';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError, foldText } from '../fichas';
import * as repo from './reference.repo';
import { REGIONS } from './regions.data';

/** Reference data for forms: countries, Chilean regions and Brazilian states, positions (occupations). */

function bad(field: string, reason: string) {
  return new AppError('VALIDATION_ERROR', { field, params: { field, reason } });
}

/** `where` over in-memory rows: equality, inq and like on the allowed fields only. */
function matches(row: Record<string, unknown>, where: Record<string, unknown> | undefined, allowed: string[]): boolean {
  if (!where) return true;
  return Object.entries(where).every(([k, v]) => {
    if (!allowed.includes(k)) throw bad(`where.${k}`, `unknown field '${k}'`);
    const value = String(row[k] ?? '');
    if (v !== null && typeof v === 'object') {
      return Object.entries(v as Record<string, unknown>).every(([op, arg]) => {
        if (op === 'inq' && Array.isArray(arg)) return arg.map(String).includes(value);
        if (op === 'like' || op === 'ilike') return foldText(value).includes(foldText(String(arg).replaceAll('%', '')));
        if (op === 'eq') return value === String(arg);
        if (op === 'neq') return value !== String(arg);
        throw bad(`where.${k}.${op}`, `unknown operator '${op}'`);
      });
    }
    return value === String(v);
  });
}

/** GET /countries: every country with its allowed documents, in the order the company's country gives (orderedCountries). */
export function countries(companyCountry: string | null | undefined, lang?: 'es' | 'pt' | 'en') {
  return orderedCountries(companyCountry, lang).map((c) => ({ ...c, dniType: [...c.dniType] }));
}

/** GET /regions (and their count): the regions and states matching a where. */
export function regions(where: Record<string, unknown> | undefined) {
  return REGIONS.filter((r) => matches(r, where, ['country', 'code', 'name', 'id']));
}

/** GET /positions (and their count): the global positions plus the company's own, matching a where. */
export async function positions(deps: AppDeps, caller: TenantCaller, where: Record<string, unknown> | undefined) {
  const rows = await withTenant(deps.db, caller.companyId, (trx) => repo.listPositions(trx, caller.companyId));
  return rows
    .map((r) => ({ id: r.id, name: r.name, companyId: r.companyId, risk: r.risk }))
    .filter((r) => matches(r, where, ['name', 'risk', 'companyId', 'id']));
}

/** POST /positions: adds a position to the company's list (a name already there, folded, answers 409). */
export async function addPosition(
  deps: AppDeps,
  caller: TenantCaller,
  body: { name: string; risk?: 'low' | 'medium' | 'high' },
) {
  const existing = await positions(deps, caller, undefined);
  if (existing.some((p) => foldText(p.name) === foldText(body.name)))
    throw fichaError('POSITION_EXISTS', { field: 'name', params: { name: body.name } });
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.insertPosition(trx, {
      companyId: caller.companyId,
      name: body.name,
      risk: body.risk ?? null,
      createdBy: caller.auth.userId,
    });
    await audit(trx, caller, { action: 'position.created', entity: 'position', id: r.id, after: r });
    return { id: r.id, name: r.name, companyId: r.companyId, risk: r.risk };
  });
}
