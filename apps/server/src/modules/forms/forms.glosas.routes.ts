import { IdParams } from '@regcheck/shared';
import { GlosaBody, GlosaPatchBody, GlosaView } from '@regcheck/shared/schemas/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAndCountRoutes } from '../../lib/crud';
import { inCompany, tenantCallerOf } from '../../plugins/context';
import * as service from './forms.glosas.service';
import { formsAccess } from './forms.policy';

const tags = ['forms'];
const access = formsAccess.customize;

/** glosa-formularios (spec 001 §7): the company's form texts; list with filter, count with where, by id, POST, PATCH. */
export const formsGlosasRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  listAndCountRoutes(app, {
    path: '/glosa-formularios',
    access,
    tags,
    view: GlosaView,
    listSummary: "The company's form texts (filter)",
    countSummary: "Number of the company's form texts (where)",
    list: (caller, f) => service.listGlosas(deps, inCompany(caller), f),
    count: (caller, where) => service.countGlosas(deps, inCompany(caller), where),
  });
  app.get(
    '/glosa-formularios/:id',
    { config: { access }, schema: { tags, summary: 'One form text', params: IdParams, response: { 200: GlosaView } } },
    async (req) => service.getGlosa(deps, tenantCallerOf(req), req.params.id),
  );
  app.post(
    '/glosa-formularios',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A new form text (key unique in the company)',
        body: GlosaBody,
        response: { 200: GlosaView },
      },
    },
    async (req) => service.createGlosa(deps, tenantCallerOf(req), req.body),
  );
  app.patch(
    '/glosa-formularios/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a form text; {isActive:false} deactivates it',
        params: IdParams,
        body: GlosaPatchBody,
        response: { 200: GlosaView },
      },
    },
    async (req) => service.patchGlosa(deps, tenantCallerOf(req), req.params.id, req.body),
  );
};
