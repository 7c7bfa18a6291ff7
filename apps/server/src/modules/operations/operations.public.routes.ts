import {
  PublicConsultationPatchBody,
  PublicConsultationView,
  SendConsultationEmailBody,
  SendConsultationEmailResult,
} from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { operationsAccess } from './operations.policy';
import * as service from './operations.public';
import * as page from './operations.public.page';

const tags = ['consultations'];
/** Lenient on purpose: a malformed id or token is the same generic 404 as a wrong one (no hint). */
const Segment = z.string().min(1).max(512);

/** Who holds a public link: where the call came from (audited as the holder, with no user). */
const visitorOf = (req: FastifyRequest) => ({ ip: req.ip, requestId: req.id, log: req.log });

/** The public consultation calls of spec 001 §7 and the e-mail that sends their links. */
export const operationsPublicRoutes = routesPlugin({ tags }, (r, deps) => {
  const limited = { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' };

  r.get(
    '/consultations/public/:id/:token',
    {
      access: operationsAccess.public,
      summary: "The operation as a public link's participant sees it; 404 for a wrong or expired link",
      params: z.object({ id: Segment, token: Segment }),
      reply: PublicConsultationView,
      config: { rateLimit: limited },
    },
    (req) => service.getPublic(deps, req.params.id, req.params.token),
  );

  r.get(
    '/consultations/public-simple/:id/:dni/:token',
    {
      access: operationsAccess.public,
      summary: "Only the link's own participant (the document must be the link's)",
      params: z.object({ id: Segment, dni: Segment, token: Segment }),
      reply: PublicConsultationView,
      config: { rateLimit: limited },
    },
    (req) => service.getPublicSimple(deps, req.params.id, req.params.dni, req.params.token),
  );

  r.patch(
    '/consultations/public/:id',
    {
      access: operationsAccess.public,
      summary: "The link's participant corrects their contact fields (refused on a finished operation)",
      params: z.object({ id: Segment }),
      body: PublicConsultationPatchBody,
      reply: PublicConsultationView,
      config: { rateLimit: limited },
    },
    (req) => service.patchPublic(deps, req.params.id, req.body, visitorOf(req)),
  );

  // the confirmation link of an e-mail change, opened from the old address's mail client: HTML pages
  const EmailChangeParams = z.object({ token: Segment });
  const Html = z.string().describe('an HTML page');
  r.get(
    '/consultations/email-change/:token',
    {
      access: operationsAccess.public,
      summary: 'The page an e-mail change link opens: asks the old address to confirm (changes nothing)',
      params: EmailChangeParams,
      response: { 200: Html, 404: Html },
      schema: { produces: ['text/html'] },
      config: { rateLimit: limited },
    },
    async (req, reply) => {
      const found = await service.describeEmailChange(deps, req.params.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(404).serializer(String).send(page.invalidPage(req.locale));
      return reply.serializer(String).send(page.askPage(found));
    },
  );

  r.post(
    '/consultations/email-change/:token',
    {
      access: operationsAccess.public,
      summary: 'The old address confirms an e-mail change asked through a public link (single use)',
      params: EmailChangeParams,
      response: { 200: Html, 404: Html },
      schema: { produces: ['text/html'] },
      config: { rateLimit: limited },
    },
    async (req, reply) => {
      const done = await service.confirmEmailChange(deps, req.params.token, visitorOf(req));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done) return reply.status(404).serializer(String).send(page.invalidPage(req.locale));
      return reply.serializer(String).send(page.donePage(done));
    },
  );

  r.post(
    '/consultations/send-email',
    {
      access: operationsAccess.read,
      summary: 'E-mail each chosen participant a public link; those without e-mail are reported',
      body: SendConsultationEmailBody,
      reply: SendConsultationEmailResult,
    },
    (req) => service.sendEmail(deps, tenantCallerOf(req), req.body, req.locale),
  );
});
