import { IdParams, PepDerivedView } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import * as confirmations from './fichas.pep.confirm';
import { fichasAccess } from './fichas.policy';

const tags = ['fichas'];
const Body = z.object({
  personId: z.string().uuid().describe('the PEP register person (GET /people) the customer is'),
});
const Params = IdParams.extend({ personId: z.string().uuid() });

/** An officer's confirmation of a PEP register name match (decisions 171, 193). */
export const fichaPepRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/fichas-clientes/:id/pep-confirmations',
    {
      access: fichasAccess.pepMatch,
      summary:
        'Confirm that a PEP register person (a name match) is this customer: a source of its PEP status; audited',
      params: IdParams,
      body: Body,
      reply: PepDerivedView,
    },
    async (req) => {
      const r = await confirmations.confirm(deps, tenantCallerOf(req), req.params.id, req.body.personId);
      return r as z.infer<typeof PepDerivedView>;
    },
  );
  r.delete(
    '/fichas-clientes/:id/pep-confirmations/:personId',
    {
      access: fichasAccess.pepMatch,
      summary: 'Withdraw the confirmation of a PEP register person for this customer; audited',
      params: Params,
      reply: PepDerivedView,
    },
    async (req) => {
      const r = await confirmations.unconfirm(deps, tenantCallerOf(req), req.params.id, req.params.personId);
      return r as z.infer<typeof PepDerivedView>;
    },
  );
});
