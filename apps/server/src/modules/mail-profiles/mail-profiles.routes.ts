import { CountBody, IdParams, LOCALES } from '@regcheck/shared';
import { MailProfileBody, MailProfileView } from '@regcheck/shared/schemas/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter } from '../../lib/filter';
import { tenantCallerOf } from '../../plugins/context';
import { mailProfilesAccess } from './mail-profiles.policy';
import * as service from './mail-profiles.service';

const tags = ['mail-profiles'];
const access = mailProfilesAccess.manage;

const Sent = z.object({ sent: z.boolean(), id: z.string() });

/** The company's e-mail profiles and the test e-mails (spec 001 §3 "E-mail profile", §7 tools). */
export const mailProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/tools/mail-profiles',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's e-mail profiles (filter: limit, skip)",
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(MailProfileView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 100 });
      return (await service.list(deps, tenantCallerOf(req), { limit: f.limit, skip: f.skip })).map(service.toView);
    },
  );

  app.get(
    '/tools/mail-profiles/count',
    { config: { access }, schema: { tags, summary: 'Number of e-mail profiles', response: { 200: CountBody } } },
    async (req) => ({ count: await service.count(deps, tenantCallerOf(req)) }),
  );

  app.get(
    '/tools/mail-profiles/:id',
    {
      config: { access },
      schema: { tags, summary: 'One e-mail profile', params: IdParams, response: { 200: MailProfileView } },
    },
    async (req) => service.toView(await service.get(deps, tenantCallerOf(req), req.params.id)),
  );

  app.post(
    '/tools/mail-profiles',
    {
      config: { access },
      schema: { tags, summary: 'Create an e-mail profile', body: MailProfileBody, response: { 200: MailProfileView } },
    },
    async (req) => service.toView(await service.create(deps, tenantCallerOf(req), req.body)),
  );

  app.patch(
    '/tools/mail-profiles/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update an e-mail profile (active: true makes it the one the e-mails use)',
        params: IdParams,
        body: MailProfileBody.partial(),
        response: { 200: MailProfileView },
      },
    },
    async (req) => service.toView(await service.update(deps, tenantCallerOf(req), req.params.id, req.body)),
  );

  app.post(
    '/tools/sendEmailWithCustomHTML',
    {
      config: { access },
      schema: {
        tags,
        summary: "A test e-mail with a custom HTML body, in the active profile's frame",
        body: z.object({
          mailTo: z.string().trim().email(),
          nameTo: z.string().max(200).optional(),
          subject: z.string().trim().min(1).max(200),
          body: z.string().min(1).max(100_000),
        }),
        response: { 200: Sent },
      },
    },
    async (req) => service.sendCustomHtml(deps, tenantCallerOf(req), req.body),
  );

  app.post(
    '/tools/sendMailWithTemplateKey',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The test message of the profile with this template key, in the given language',
        body: z.object({
          mailTo: z.string().trim().email(),
          nameTo: z.string().max(200).optional(),
          templateKey: z.string().trim().min(1).max(120),
          lang: z.enum(LOCALES).default('es'),
        }),
        response: { 200: Sent },
      },
    },
    async (req) => service.sendWithTemplateKey(deps, tenantCallerOf(req), req.body),
  );
};
