import { IdParams } from '@regcheck/shared';
import { GlosaBody, GlosaPatchBody, GlosaView } from '@regcheck/shared/schemas/forms';
import { listAndCountRoutes } from '../../lib/crud';
import { routesPlugin } from '../../lib/routes';
import { inCompany, tenantCallerOf } from '../../plugins/context';
import * as service from './forms.glosas.service';
import { formsAccess } from './forms.policy';

const tags = ['forms'];
const access = formsAccess.customize;

/** glosa-formularios (spec 001 §7): the company's form texts; list with filter, count with where, by id, POST, PATCH. */
export const formsGlosasRoutes = routesPlugin({ tags }, (r, deps, app) => {
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
  r.get('/glosa-formularios/:id', { access, summary: 'One form text', params: IdParams, reply: GlosaView }, (req) =>
    service.getGlosa(deps, tenantCallerOf(req), req.params.id),
  );
  r.post(
    '/glosa-formularios',
    { access, summary: 'A new form text (key unique in the company)', body: GlosaBody, reply: GlosaView },
    (req) => service.createGlosa(deps, tenantCallerOf(req), req.body),
  );
  r.patch(
    '/glosa-formularios/:id',
    {
      access,
      summary: 'Change a form text; {isActive:false} deactivates it',
      params: IdParams,
      body: GlosaPatchBody,
      reply: GlosaView,
    },
    (req) => service.patchGlosa(deps, tenantCallerOf(req), req.params.id, req.body),
  );
});
