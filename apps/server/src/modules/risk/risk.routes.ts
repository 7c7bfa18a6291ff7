import { RiskConfiguration } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { caller } from '../../plugins/context';
import * as service from './risk.service';

const tags = ['risk'];
const CompanyQuery = z.object({ companyId: z.string().uuid().optional().describe('super administrator only') });

/** Reading the risk model: every company user and the super administrator; changing it: admin or super admin. */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const companyOf = (req: { auth: Parameters<typeof caller>[0]['auth'] }, given?: string) => {
    const auth = caller(req);
    const id = auth.role === 'superAdmin' ? given : auth.companyId;
    if (!id) throw new AppError('COMPANY_REQUIRED');
    return id;
  };

  app.get(
    '/risk-configuration',
    {
      config: { access: ['allExceptSuperAdmin', 'superadmin'] },
      schema: {
        tags,
        summary: 'The company risk model: factor scores, weights, cut-offs, FATF and tax-regime lists',
        querystring: CompanyQuery,
        response: { 200: RiskConfiguration },
      },
    },
    async (req) => service.getConfiguration(deps, companyOf(req, req.query.companyId)),
  );

  app.put(
    '/risk-configuration',
    {
      config: { access: ['usersAdmin', 'superadmin'] },
      schema: {
        tags,
        summary: 'Replace the risk model (audited); every active ficha is rated again by a job',
        querystring: CompanyQuery,
        body: RiskConfiguration,
        response: { 200: RiskConfiguration },
      },
    },
    async (req) => service.putConfiguration(deps, caller(req), companyOf(req, req.query.companyId), req.body),
  );
};
