import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { cleanFileName } from '../../lib/files';
import { parseListFilter } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { manualsAccess, mayManageManuals, readsEveryCompanysManuals } from './manuals.policy';
import * as service from './manuals.service';

const tags = ['manuals'];
const ManualView = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().optional().describe("the company's name (the platform's users read every company's)"),
  name: z.string(),
  mimetype: z.string(),
  url: z.string(),
  size: z.number(),
  active: z.boolean(),
  uploadedBy: z.string(),
  uploadDate: z.string(),
});

/** The company manuals (spec 001 §7 "Notifications, news, manuals"). */
export const manualsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/companies-manuals',
    {
      access: manualsAccess.read,
      summary:
        'The active manuals of the company, newest first (admins may ask for inactive ones with where.active=false)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(ManualView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      if (readsEveryCompanysManuals(callerOf(req)))
        return service.listForPlatform(deps, { limit: Math.min(f.limit, 200), skip: f.skip });
      const caller = tenantCallerOf(req);
      const all = mayManageManuals(caller) && (f.where as { active?: unknown } | undefined)?.active === false;
      return service.list(deps, caller, { all, limit: Math.min(f.limit, 200), skip: f.skip });
    },
  );

  r.post(
    '/companies-manuals',
    {
      access: manualsAccess.write,
      summary: 'Upload a manual (multipart field "file": a PDF by content, at most 25 MB, not encrypted)',
      querystring: z.object({ name: z.string().trim().max(150).optional() }),
      reply: ManualView,
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      const file = await readFilePart(req);
      if (typeof file === 'string') throw service.manualError(file, { field: 'file' });
      return service.upload(deps, caller, file, req.query.name);
    },
  );

  r.patch(
    '/companies-manuals/:id',
    {
      access: manualsAccess.write,
      summary: 'Rename or deactivate a manual',
      params: z.object({ id: z.string().uuid() }),
      body: z
        .object({ name: z.string().trim().min(1).max(150).optional(), active: z.boolean().optional() })
        .refine((b) => b.name !== undefined || b.active !== undefined, { message: 'name or active' }),
      reply: ManualView,
    },
    (req) => service.patch(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.get(
    '/companies-manuals/downloadfile/:id',
    { access: manualsAccess.read, summary: 'The PDF of a manual', params: z.object({ id: z.string().uuid() }) },
    async (req, reply) => {
      const file = readsEveryCompanysManuals(callerOf(req))
        ? await service.downloadForPlatform(deps, req.params.id)
        : await service.download(deps, tenantCallerOf(req), req.params.id, mayManageManuals(tenantCallerOf(req)));
      return sendDownload(reply, { type: 'application/pdf', name: cleanFileName(file.name), body: file.bytes });
    },
  );
});
