import {
  PublicConsultationPatchBody,
  PublicConsultationView,
  SendConsultationEmailBody,
  SendConsultationEmailResult,
} from '@regcheck/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import { operationsAccess } from './operations.policy';
import * as service from './operations.public';

const tags = ['consultations'];
/** Lenient on purpose: a malformed id or token is the same generic 404 as a wrong one (no hint). */
const Segment = z.string().min(1).max(512);

/** The public consultation calls of spec 001 §7 and the e-mail that sends their links. */
export const operationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const limited = { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' };

  app.get(
    '/consultations/public/:id/:token',
    {
      config: { access: operationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: "The operation as a public link's participant sees it; 404 for a wrong or expired link",
        params: z.object({ id: Segment, token: Segment }),
        response: { 200: PublicConsultationView },
      },
    },
    async (req) => service.getPublic(deps, req.params.id, req.params.token),
  );

  app.get(
    '/consultations/public-simple/:id/:dni/:token',
    {
      config: { access: operationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: "Only the link's own participant (the document must be the link's)",
        params: z.object({ id: Segment, dni: Segment, token: Segment }),
        response: { 200: PublicConsultationView },
      },
    },
    async (req) => service.getPublicSimple(deps, req.params.id, req.params.dni, req.params.token),
  );

  app.patch(
    '/consultations/public/:id',
    {
      config: { access: operationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: "The link's participant corrects their contact fields (refused on a finished operation)",
        params: z.object({ id: Segment }),
        body: PublicConsultationPatchBody,
        response: { 200: PublicConsultationView },
      },
    },
    async (req) => service.patchPublic(deps, req.params.id, req.body, { ip: req.ip, requestId: req.id, log: req.log }),
  );

  app.post(
    '/consultations/send-email',
    {
      config: { access: operationsAccess.read },
      schema: {
        tags,
        summary: 'E-mail each chosen participant a public link; those without e-mail are reported',
        body: SendConsultationEmailBody,
        response: { 200: SendConsultationEmailResult },
      },
    },
    async (req) => service.sendEmail(deps, tenantCallerOf(req), req.body, req.locale),
  );
};
