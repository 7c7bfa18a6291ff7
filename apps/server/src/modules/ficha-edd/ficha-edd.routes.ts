import { EddPatchBody, EddView, IdParams } from '@regcheck/shared';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { fichaEddAccess } from './ficha-edd.policy';
import * as service from './ficha-edd.service';

const tags = ['fichas'];

/** The enhanced due diligence of a ficha: read by whoever reads fichas, filled by whoever edits them. */
export const fichaEddRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/fichas-clientes/:id/edd',
    {
      access: fichaEddAccess.read,
      summary:
        'The enhanced due diligence of the ficha: whether it is required and why (PEP, related PEP, FATF country), its checklist and status',
      params: IdParams,
      reply: EddView,
    },
    (req) => service.get(deps, tenantCallerOf(req), req.params.id),
  );

  r.patch(
    '/fichas-clientes/:id/edd',
    {
      access: fichaEddAccess.write,
      summary:
        "Fill the enhanced due diligence's source of funds and of wealth; `approve` (admin, adminNoUser only) completes it; audited",
      params: IdParams,
      body: EddPatchBody,
      reply: EddView,
    },
    (req) => service.patch(deps, tenantCallerOf(req), req.params.id, req.body),
  );
});
