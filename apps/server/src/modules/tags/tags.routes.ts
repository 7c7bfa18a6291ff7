import { CountBody, IdParams, TagCreateBody, TagPatchBody, TagView } from '@regcheck/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { cleanupCompanyOf, tagsAccess } from './tags.policy';
import * as service from './tags.service';

const tags = ['tags'];

function tagFilter(raw: string | undefined) {
  const f = parseListFilter(raw, { limit: 1000 });
  const where = (f.where ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(where)) {
    if (k !== 'appliesTo' && k !== 'active')
      throw new AppError('VALIDATION_ERROR', {
        field: `where.${k}`,
        params: { field: `where.${k}`, reason: `unknown field '${k}'` },
      });
  }
  return {
    appliesTo: typeof where.appliesTo === 'string' ? where.appliesTo : undefined,
    active: typeof where.active === 'boolean' ? where.active : undefined,
    limit: f.limit,
    skip: f.skip,
  };
}

/** Tags of fichas and operations (who may do what: tags.policy.ts). */
export const tagsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/tags',
    {
      access: tagsAccess.read,
      summary: 'Tags of the company (filter where: appliesTo, active)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(TagView),
    },
    async (req) => (await service.list(deps, tenantCallerOf(req), tagFilter(req.query.filter))).map(service.toTagView),
  );

  r.get(
    '/tags/in-use',
    {
      access: tagsAccess.read,
      summary: 'The tags already on the company records, with how many fichas or operations carry each',
      reply: z.array(z.object({ name: z.string(), appliesTo: z.enum(['fichas', 'operations']), records: z.number() })),
    },
    (req) => service.inUse(deps, tenantCallerOf(req)),
  );

  r.get(
    '/tags/count',
    {
      access: tagsAccess.read,
      summary: 'Number of tags',
      querystring: z.object({ where: z.string().optional() }),
      reply: CountBody,
    },
    async (req) => {
      // parseWhere: a where that is not JSON is a 400 naming it (JSON.parse here answered 500)
      const where = parseWhere(req.query.where);
      const f = tagFilter(where ? JSON.stringify({ where, limit: 1000 }) : undefined);
      return { count: (await service.list(deps, tenantCallerOf(req), f)).length };
    },
  );

  r.post(
    '/tags',
    { access: tagsAccess.write, summary: 'Create a tag', body: TagCreateBody, reply: TagView },
    async (req) => service.toTagView(await service.create(deps, tenantCallerOf(req), req.body)),
  );

  r.patch(
    '/tags/:id',
    {
      access: tagsAccess.write,
      summary: 'Rename, (de)activate a tag',
      params: IdParams,
      body: TagPatchBody,
      reply: TagView,
    },
    async (req) => service.toTagView(await service.update(deps, tenantCallerOf(req), req.params.id, req.body)),
  );

  r.delete(
    '/tags/:id',
    {
      access: tagsAccess.remove,
      summary: 'Delete a tag everywhere (super administrator only)',
      params: IdParams,
      reply: z.object({ ok: z.literal(true), fichasUpdated: z.number().int() }),
    },
    (req) => service.remove(deps, callerOf(req), req.params.id),
  );

  r.post(
    '/tools/clean-existing-tags',
    {
      access: tagsAccess.clean,
      summary: 'Remove from fichas the tags that no longer exist or are inactive (super administrator: body companyId)',
      body: z.object({ companyId: z.string().uuid().optional() }).optional(),
      reply: z.object({ fichasUpdated: z.number().int() }),
    },
    async (req) => {
      const caller = callerOf(req);
      return service.cleanExisting(deps, caller, cleanupCompanyOf(caller, req.body?.companyId));
    },
  );
});
