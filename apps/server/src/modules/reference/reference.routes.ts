import { CountBody, CountryView, PositionCreateBody, PositionView, RegionView } from '@regcheck/shared';
import { orderedCountries } from '@regcheck/shared/reference/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { caller } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import { fichaError } from '../fichas/fichas.errors';
import { WRITE } from '../fichas/fichas.routes';
import { ctxOf } from '../fichas/fichas.service';
import { foldText } from '../fichas/fichas.validation';
import { REGIONS } from './regions.data';

const tags = ['reference'];

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

/** Reference data for forms: countries, Chilean regions and Brazilian states, positions (occupations). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/countries',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Countries with names in es/pt/en, ISO numeric ref and allowed documents; Chile, Brazil, Venezuela, Argentina, Peru first',
        querystring: z.object({ lang: z.enum(['es', 'pt', 'en']).optional() }),
        response: { 200: z.array(CountryView) },
      },
    },
    async (req) =>
      orderedCountries(req.auth?.company?.country, req.query.lang).map((c) => ({ ...c, dniType: [...c.dniType] })),
  );

  const regionRows = (raw: string | undefined, isWhere = false) => {
    const where = isWhere
      ? parseWhere(raw)
      : (parseListFilter(raw, { limit: 1000 }).where as Record<string, unknown> | undefined);
    return REGIONS.filter((r) => matches(r, where, ['country', 'code', 'name', 'id']));
  };

  app.get(
    '/regions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Chilean regions and Brazilian states (filter where: country, code, name)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(RegionView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 1000 });
      return regionRows(req.query.filter).slice(f.skip, f.skip + f.limit);
    },
  );

  app.get(
    '/regions/count',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Number of regions',
        querystring: z.object({ where: z.string().optional() }),
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: regionRows(req.query.where, true).length }),
  );

  const positions = async (req: Parameters<typeof caller>[0], where: Record<string, unknown> | undefined) => {
    const ctx = ctxOf(caller(req));
    const rows = await withTenant(deps.db, ctx.companyId, (trx) =>
      trx
        .selectFrom('positions')
        .selectAll()
        .where((eb) => eb.or([eb('companyId', 'is', null), eb('companyId', '=', ctx.companyId)]))
        .orderBy('name')
        .execute(),
    );
    return rows
      .map((r) => ({ id: r.id, name: r.name, companyId: r.companyId, risk: r.risk }))
      .filter((r) => matches(r, where, ['name', 'risk', 'companyId', 'id']));
  };

  app.get(
    '/positions',
    {
      config: { access: 'allExceptSuperAdmin' },
      schema: {
        tags,
        summary: 'Positions (occupations): the global list plus the company own',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(PositionView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 1000 });
      return (await positions(req, f.where as Record<string, unknown> | undefined)).slice(f.skip, f.skip + f.limit);
    },
  );

  app.get(
    '/positions/count',
    {
      config: { access: 'allExceptSuperAdmin' },
      schema: {
        tags,
        summary: 'Number of positions',
        querystring: z.object({ where: z.string().optional() }),
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: (await positions(req, parseWhere(req.query.where))).length }),
  );

  app.post(
    '/positions',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Add a position to the company list',
        body: PositionCreateBody,
        response: { 200: PositionView },
      },
    },
    async (req) => {
      const ctx = ctxOf(caller(req), req);
      const existing = await positions(req, undefined);
      if (existing.some((p) => foldText(p.name) === foldText(req.body.name)))
        throw fichaError('POSITION_EXISTS', 'name', { name: req.body.name });
      return withTenant(deps.db, ctx.companyId, async (trx) => {
        const r = await trx
          .insertInto('positions')
          .values({
            companyId: ctx.companyId,
            name: req.body.name,
            risk: req.body.risk ?? null,
            createdBy: ctx.auth.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertAudit(trx, {
          companyId: ctx.companyId,
          userId: ctx.auth.userId,
          action: 'position.created',
          entity: 'position',
          entityId: r.id,
          after: r,
        });
        return { id: r.id, name: r.name, companyId: r.companyId, risk: r.risk };
      });
    },
  );
};
