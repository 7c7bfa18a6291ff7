import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../lib/routes';
import { mailAccess } from './mail.policy';
import { readOutbox } from './mail.service';

const OutboxItem = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const r = routesOf(app, { tags: ['system'] });
  r.get(
    '/outbox',
    {
      access: mailAccess.outbox,
      summary: 'E-mails of the outbox (kept here when no SMTP_URL is set)',
      querystring: z.object({
        status: z.enum(['pending', 'sent', 'failed']).optional(),
        to: z.string().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
        skip: z.coerce.number().int().min(0).default(0),
      }),
      reply: z.array(OutboxItem),
    },
    async (req) =>
      (await readOutbox(app.deps.db, req.query)).map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      })),
  );
};
