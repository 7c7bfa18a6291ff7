import { IdParams, PepDerivedView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import * as confirmations from './fichas.pep.confirm';
import { fichasAccess } from './fichas.policy';

const tags = ['fichas'];
const Body = z.object({
  personId: z.string().uuid().describe('the PEP register person (GET /people) the customer is'),
});
const Params = IdParams.extend({ personId: z.string().uuid() });

/** An officer's confirmation of a PEP register name match (decisions 171, 193). */
export const fichaPepRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.post(
    '/fichas-clientes/:id/pep-confirmations',
    {
      config: { access: fichasAccess.pepMatch },
      schema: {
        tags,
        summary:
          'Confirm that a PEP register person (a name match) is this customer: a source of its PEP status; audited',
        params: IdParams,
        body: Body,
        response: { 200: PepDerivedView },
      },
    },
    async (req) => {
      const r = await confirmations.confirm(deps, tenantCallerOf(req), req.params.id, req.body.personId);
      return r as z.infer<typeof PepDerivedView>;
    },
  );
  app.delete(
    '/fichas-clientes/:id/pep-confirmations/:personId',
    {
      config: { access: fichasAccess.pepMatch },
      schema: {
        tags,
        summary: 'Withdraw the confirmation of a PEP register person for this customer; audited',
        params: Params,
        response: { 200: PepDerivedView },
      },
    },
    async (req) => {
      const r = await confirmations.unconfirm(deps, tenantCallerOf(req), req.params.id, req.params.personId);
      return r as z.infer<typeof PepDerivedView>;
    },
  );
};
