import { CountBody, CountryView, PositionCreateBody, PositionView, RegionView } from '@regcheck/shared';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { referenceAccess } from './reference.policy';
import * as service from './reference.service';

const tags = ['reference'];

/** Reference data for forms: countries, Chilean regions and Brazilian states, positions (occupations). */
export const referenceRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/countries',
    {
      access: referenceAccess.forms,
      summary:
        'Countries with names in es/pt/en, ISO numeric ref and allowed documents; Chile, Brazil, Venezuela, Argentina, Peru first',
      querystring: z.object({ lang: z.enum(['es', 'pt', 'en']).optional() }),
      reply: z.array(CountryView),
    },
    (req) => service.countries(req.auth?.company?.country, req.query.lang),
  );

  const regionRows = (raw: string | undefined, isWhere = false) => {
    const where = isWhere
      ? parseWhere(raw)
      : (parseListFilter(raw, { limit: 1000 }).where as Record<string, unknown> | undefined);
    return service.regions(where);
  };

  r.get(
    '/regions',
    {
      access: referenceAccess.forms,
      summary: 'Chilean regions and Brazilian states (filter where: country, code, name)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(RegionView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 1000 });
      return regionRows(req.query.filter).slice(f.skip, f.skip + f.limit);
    },
  );

  r.get(
    '/regions/count',
    {
      access: referenceAccess.forms,
      summary: 'Number of regions',
      querystring: z.object({ where: z.string().optional() }),
      reply: CountBody,
    },
    (req) => ({ count: regionRows(req.query.where, true).length }),
  );

  r.get(
    '/positions',
    {
      access: referenceAccess.positions,
      summary: 'Positions (occupations): the global list plus the company own',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(PositionView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 1000 });
      return (await service.positions(deps, tenantCallerOf(req), f.where as Record<string, unknown> | undefined)).slice(
        f.skip,
        f.skip + f.limit,
      );
    },
  );

  r.get(
    '/positions/count',
    {
      access: referenceAccess.positions,
      summary: 'Number of positions',
      querystring: z.object({ where: z.string().optional() }),
      reply: CountBody,
    },
    async (req) => {
      const where = parseWhere(req.query.where);
      return { count: (await service.positions(deps, tenantCallerOf(req), where)).length };
    },
  );

  r.post(
    '/positions',
    {
      access: referenceAccess.addPosition,
      summary: 'Add a position to the company list',
      body: PositionCreateBody,
      reply: PositionView,
    },
    (req) => service.addPosition(deps, tenantCallerOf(req), req.body),
  );
});
