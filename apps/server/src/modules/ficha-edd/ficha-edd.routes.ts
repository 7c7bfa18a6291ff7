import { EddPatchBody, EddView, IdParams } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCallerOf } from '../../plugins/context';
import { fichaEddAccess } from './ficha-edd.policy';
import * as service from './ficha-edd.service';

const tags = ['fichas'];

/** The enhanced due diligence of a ficha: read by whoever reads fichas, filled by whoever edits them. */
export const fichaEddRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/fichas-clientes/:id/edd',
    {
      config: { access: fichaEddAccess.read },
      schema: {
        tags,
        summary:
          'The enhanced due diligence of the ficha: whether it is required and why (PEP, related PEP, FATF country), its checklist and status',
        params: IdParams,
        response: { 200: EddView },
      },
    },
    async (req) => service.get(deps, tenantCallerOf(req), req.params.id),
  );

  app.patch(
    '/fichas-clientes/:id/edd',
    {
      config: { access: fichaEddAccess.write },
      schema: {
        tags,
        summary:
          "Fill the enhanced due diligence's source of funds and of wealth; `approve` (admin, adminNoUser only) completes it; audited",
        params: IdParams,
        body: EddPatchBody,
        response: { 200: EddView },
      },
    },
    async (req) => service.patch(deps, tenantCallerOf(req), req.params.id, req.body),
  );
};
