import { RiskConfiguration } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { riskAccess, riskCompanyOf } from './risk.policy';
import * as service from './risk.service';

const tags = ['risk'];
const CompanyQuery = z.object({ companyId: z.string().uuid().optional().describe('super administrator only') });

/** Reading the risk model: every company user and the super administrator; changing it: admin or super admin. */
export const riskRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/risk-configuration',
    {
      access: riskAccess.read,
      summary: 'The company risk model: factor scores, weights, cut-offs, FATF and tax-regime lists',
      querystring: CompanyQuery,
      reply: RiskConfiguration,
    },
    (req) => service.getConfiguration(deps, riskCompanyOf(callerOf(req), req.query.companyId)),
  );

  r.put(
    '/risk-configuration',
    {
      access: riskAccess.write,
      summary: 'Replace the risk model (audited); every active ficha is rated again by a job',
      querystring: CompanyQuery,
      body: RiskConfiguration,
      reply: RiskConfiguration,
    },
    async (req) => {
      const caller = callerOf(req);
      return service.putConfiguration(deps, caller, riskCompanyOf(caller, req.query.companyId), req.body);
    },
  );
});
