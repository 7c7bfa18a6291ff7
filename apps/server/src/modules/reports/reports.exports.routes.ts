import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { parseListFilter } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import * as exports from './reports.exports';
import { reportsAccess } from './reports.policy';
import { Day, ExportId, ExportOptionsBody, ExportView } from './reports.schemas';

const tags = ['reports'];

/** exportReport: report exports built by a job, their progress and their download (decision 43). */
export const exportsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/informes/exports',
    {
      access: reportsAccess.exports,
      summary: 'exportReport: starts an xlsx export of a report and period, built by a job without the row cap',
      body: z.object({
        report: z.enum(exports.EXPORT_REPORT_KEYS),
        from: Day.optional(),
        to: Day.optional(),
        options: ExportOptionsBody.optional(),
      }),
      reply: ExportView,
    },
    (req) => exports.startExport(deps, tenantCallerOf(req), req.locale, req.body),
  );

  r.get(
    '/informes/exports',
    {
      access: reportsAccess.exports,
      summary: "The company's report exports, newest first, with their status and progress (filter: limit, skip)",
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(ExportView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return exports.listExports(deps, tenantCallerOf(req), { limit: Math.min(100, f.limit), skip: f.skip });
    },
  );

  r.get(
    '/informes/exports/count',
    {
      access: reportsAccess.exports,
      summary: 'How many report exports the company has',
      reply: z.object({ count: z.number().int() }),
    },
    (req) => exports.countExports(deps, tenantCallerOf(req)),
  );

  r.get(
    '/informes/exports/:id',
    {
      access: reportsAccess.exports,
      summary: "One report export (another company's answers 404)",
      params: ExportId,
      reply: ExportView,
    },
    (req) => exports.getExport(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/informes/exports/:id/download',
    {
      access: reportsAccess.exports,
      summary: "The xlsx of a ready export (409 while it is not ready; another company's answers 404)",
      params: ExportId,
    },
    async (req, reply) => {
      const file = await exports.downloadExport(deps, tenantCallerOf(req), req.params.id);
      return sendDownload(reply, { type: XLSX, name: file.filename, body: file.body });
    },
  );
});
