import { CountBody, IdParams, LOCALES } from '@regcheck/shared';
import { MailProfileBody, MailProfileView } from '@regcheck/shared/schemas/forms';
import { z } from 'zod';
import { parseListFilter } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { mailProfilesAccess } from './mail-profiles.policy';
import * as service from './mail-profiles.service';

const tags = ['mail-profiles'];
const access = mailProfilesAccess.manage;

const Sent = z.object({ sent: z.boolean(), id: z.string() });

/** The company's e-mail profiles and the test e-mails (spec 001 §3 "E-mail profile", §7 tools). */
export const mailProfilesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/tools/mail-profiles',
    {
      access,
      summary: "The company's e-mail profiles (filter: limit, skip)",
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(MailProfileView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter, { limit: 100 });
      return (await service.list(deps, tenantCallerOf(req), { limit: f.limit, skip: f.skip })).map(service.toView);
    },
  );

  r.get(
    '/tools/mail-profiles/count',
    { access, summary: 'Number of e-mail profiles', reply: CountBody },
    async (req) => ({ count: await service.count(deps, tenantCallerOf(req)) }),
  );

  r.get(
    '/tools/mail-profiles/:id',
    { access, summary: 'One e-mail profile', params: IdParams, reply: MailProfileView },
    async (req) => service.toView(await service.get(deps, tenantCallerOf(req), req.params.id)),
  );

  r.post(
    '/tools/mail-profiles',
    { access, summary: 'Create an e-mail profile', body: MailProfileBody, reply: MailProfileView },
    async (req) => service.toView(await service.create(deps, tenantCallerOf(req), req.body)),
  );

  r.patch(
    '/tools/mail-profiles/:id',
    {
      access,
      summary: 'Update an e-mail profile (active: true makes it the one the e-mails use)',
      params: IdParams,
      body: MailProfileBody.partial(),
      reply: MailProfileView,
    },
    async (req) => service.toView(await service.update(deps, tenantCallerOf(req), req.params.id, req.body)),
  );

  r.post(
    '/tools/sendEmailWithCustomHTML',
    {
      access,
      summary: "A test e-mail with a custom HTML body, in the active profile's frame",
      body: z.object({
        mailTo: z.string().trim().email(),
        nameTo: z.string().max(200).optional(),
        subject: z.string().trim().min(1).max(200),
        body: z.string().min(1).max(100_000),
      }),
      reply: Sent,
    },
    (req) => service.sendCustomHtml(deps, tenantCallerOf(req), req.body),
  );

  r.post(
    '/tools/sendMailWithTemplateKey',
    {
      access,
      summary: 'The test message of the profile with this template key, in the given language',
      body: z.object({
        mailTo: z.string().trim().email(),
        nameTo: z.string().max(200).optional(),
        templateKey: z.string().trim().min(1).max(120),
        lang: z.enum(LOCALES).default('es'),
      }),
      reply: Sent,
    },
    (req) => service.sendWithTemplateKey(deps, tenantCallerOf(req), req.body),
  );
});
