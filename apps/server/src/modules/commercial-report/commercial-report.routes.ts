import { translate } from '@regcheck/shared';
import {
  CommercialReportView,
  CommercialSummary,
  CommercialThresholds,
} from '@regcheck/shared/schemas/commercial-report';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { commercialReportAccess } from './commercial-report.policy';
import * as service from './commercial-report.service';

const tags = ['commercial-report'];
const FichaBody = z.object({ fichaId: z.string().uuid() });

/** The commercial credit report (Chile): request, the ficha's last report with its summary, and the pre-check. */
export const commercialReportRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/commercial-report',
    {
      access: commercialReportAccess.use,
      summary: 'Requests the commercial credit report of a Chilean person; a failure carries details.showModal',
      body: FichaBody,
      reply: CommercialReportView,
    },
    (req) => service.request(deps, tenantCallerOf(req), req.body.fichaId),
  );

  r.get(
    '/commercial-report/ficha/:id',
    {
      access: commercialReportAccess.use,
      summary:
        'The newest commercial report of the ficha (two-year window) and its summary (PersonsRate, lastReportDate)',
      params: z.object({ id: z.string().uuid() }),
      reply: z.object({ report: CommercialReportView.nullable(), summary: CommercialSummary }),
    },
    (req) => service.ofFicha(deps, tenantCallerOf(req), req.params.id),
  );

  r.post(
    '/commercial-report/validate',
    {
      access: commercialReportAccess.use,
      summary: 'Whether a report can be requested now; otherwise the message to show in a modal',
      body: FichaBody,
      reply: z.object({
        valid: z.boolean(),
        showModal: z.boolean(),
        code: z.string().nullable(),
        message: z.string().nullable(),
      }),
    },
    async (req) => {
      const r = await service.validate(deps, tenantCallerOf(req), req.body.fichaId);
      return {
        valid: r.valid,
        showModal: r.showModal,
        code: r.code,
        message: 'messageKey' in r && r.messageKey ? translate(req.locale, r.messageKey, r.params) : null,
      };
    },
  );

  r.get(
    '/commercial-report/thresholds/:companyId',
    {
      access: commercialReportAccess.thresholds,
      summary: "The company's commercial-report risk thresholds (the defaults while none are set)",
      params: z.object({ companyId: z.string().uuid() }),
      reply: z.object({ mediumFrom: z.number(), highFrom: z.number(), isDefault: z.boolean() }),
    },
    (req) => service.getThresholds(deps, callerOf(req), req.params.companyId),
  );

  r.put(
    '/commercial-report/thresholds/:companyId',
    {
      access: commercialReportAccess.thresholds,
      summary: "Sets the company's commercial-report risk thresholds (CLP of exposure in the two-year window)",
      params: z.object({ companyId: z.string().uuid() }),
      body: CommercialThresholds,
      reply: z.object({ mediumFrom: z.number(), highFrom: z.number() }),
    },
    (req) => service.setThresholds(deps, callerOf(req), req.params.companyId, req.body),
  );
});
