import { CountBody, IdParams, TagCreateBody, TagPatchBody, TagView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { parseListFilter, parseWhere } from '../../lib/filter';
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
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/tags',
    {
      config: { access: tagsAccess.read },
      schema: {
        tags,
        summary: 'Tags of the company (filter where: appliesTo, active)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(TagView) },
      },
    },
    async (req) => (await service.list(deps, tenantCallerOf(req), tagFilter(req.query.filter))).map(service.toTagView),
  );

  app.get(
    '/tags/in-use',
    {
      config: { access: tagsAccess.read },
      schema: {
        tags,
        summary: 'The tags already on the company records, with how many fichas or operations carry each',
        response: {
          200: z.array(
            z.object({ name: z.string(), appliesTo: z.enum(['fichas', 'operations']), records: z.number() }),
          ),
        },
      },
    },
    async (req) => service.inUse(deps, tenantCallerOf(req)),
  );

  app.get(
    '/tags/count',
    {
      config: { access: tagsAccess.read },
      schema: {
        tags,
        summary: 'Number of tags',
        querystring: z.object({ where: z.string().optional() }),
        response: { 200: CountBody },
      },
    },
    async (req) => {
      // parseWhere: a where that is not JSON is a 400 naming it (JSON.parse here answered 500)
      const where = parseWhere(req.query.where);
      const f = tagFilter(where ? JSON.stringify({ where, limit: 1000 }) : undefined);
      return { count: (await service.list(deps, tenantCallerOf(req), f)).length };
    },
  );

  app.post(
    '/tags',
    {
      config: { access: tagsAccess.write },
      schema: { tags, summary: 'Create a tag', body: TagCreateBody, response: { 200: TagView } },
    },
    async (req) => service.toTagView(await service.create(deps, tenantCallerOf(req), req.body)),
  );

  app.patch(
    '/tags/:id',
    {
      config: { access: tagsAccess.write },
      schema: {
        tags,
        summary: 'Rename, (de)activate a tag',
        params: IdParams,
        body: TagPatchBody,
        response: { 200: TagView },
      },
    },
    async (req) => service.toTagView(await service.update(deps, tenantCallerOf(req), req.params.id, req.body)),
  );

  app.delete(
    '/tags/:id',
    {
      // any signed-in user reaches the service, which answers the spec's message to all but the super administrator
      config: { access: tagsAccess.remove },
      schema: {
        tags,
        summary: 'Delete a tag everywhere (super administrator only)',
        params: IdParams,
        response: { 200: z.object({ ok: z.literal(true), fichasUpdated: z.number().int() }) },
      },
    },
    async (req) => service.remove(deps, callerOf(req), req.params.id),
  );

  app.post(
    '/tools/clean-existing-tags',
    {
      config: { access: tagsAccess.clean },
      schema: {
        tags,
        summary:
          'Remove from fichas the tags that no longer exist or are inactive (super administrator: body companyId)',
        body: z.object({ companyId: z.string().uuid().optional() }).optional(),
        response: { 200: z.object({ fichasUpdated: z.number().int() }) },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return service.cleanExisting(deps, caller, cleanupCompanyOf(caller, req.body?.companyId));
    },
  );
};
