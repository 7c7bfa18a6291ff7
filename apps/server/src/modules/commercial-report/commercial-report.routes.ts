import { translate } from '@regcheck/shared';
import {
  CommercialReportView,
  CommercialSummary,
  CommercialThresholds,
} from '@regcheck/shared/schemas/commercial-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { commercialReportAccess } from './commercial-report.policy';
import * as service from './commercial-report.service';

const tags = ['commercial-report'];
const FichaBody = z.object({ fichaId: z.string().uuid() });

/** The commercial credit report (Chile): request, the ficha's last report with its summary, and the pre-check. */
export const commercialReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/commercial-report',
    {
      config: { access: commercialReportAccess.use },
      schema: {
        tags,
        summary: 'Requests the commercial credit report of a Chilean person; a failure carries details.showModal',
        body: FichaBody,
        response: { 200: CommercialReportView },
      },
    },
    async (req) => service.request(deps, tenantCallerOf(req), req.body.fichaId),
  );

  app.get(
    '/commercial-report/ficha/:id',
    {
      config: { access: commercialReportAccess.use },
      schema: {
        tags,
        summary:
          'The newest commercial report of the ficha (two-year window) and its summary (PersonsRate, lastReportDate)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ report: CommercialReportView.nullable(), summary: CommercialSummary }) },
      },
    },
    async (req) => service.ofFicha(deps, tenantCallerOf(req), req.params.id),
  );

  app.post(
    '/commercial-report/validate',
    {
      config: { access: commercialReportAccess.use },
      schema: {
        tags,
        summary: 'Whether a report can be requested now; otherwise the message to show in a modal',
        body: FichaBody,
        response: {
          200: z.object({
            valid: z.boolean(),
            showModal: z.boolean(),
            code: z.string().nullable(),
            message: z.string().nullable(),
          }),
        },
      },
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

  app.get(
    '/commercial-report/thresholds/:companyId',
    {
      config: { access: commercialReportAccess.thresholds },
      schema: {
        tags,
        summary: "The company's commercial-report risk thresholds (the defaults while none are set)",
        params: z.object({ companyId: z.string().uuid() }),
        response: { 200: z.object({ mediumFrom: z.number(), highFrom: z.number(), isDefault: z.boolean() }) },
      },
    },
    async (req) => service.getThresholds(deps, callerOf(req), req.params.companyId),
  );

  app.put(
    '/commercial-report/thresholds/:companyId',
    {
      config: { access: commercialReportAccess.thresholds },
      schema: {
        tags,
        summary: "Sets the company's commercial-report risk thresholds (CLP of exposure in the two-year window)",
        params: z.object({ companyId: z.string().uuid() }),
        body: CommercialThresholds,
        response: { 200: z.object({ mediumFrom: z.number(), highFrom: z.number() }) },
      },
    },
    async (req) => service.setThresholds(deps, callerOf(req), req.params.companyId, req.body),
  );
};
