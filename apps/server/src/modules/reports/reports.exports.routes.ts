import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { parseListFilter } from '../../lib/filter';
import { tenantCallerOf } from '../../plugins/context';
import * as exports from './reports.exports';
import { reportsAccess } from './reports.policy';
import { Day, ExportId, ExportOptionsBody, ExportView } from './reports.schemas';

const tags = ['reports'];

/** exportReport: report exports built by a job, their progress and their download (decision 43). */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/informes/exports',
    {
      config: { access: reportsAccess.exports },
      schema: {
        tags,
        summary: 'exportReport: starts an xlsx export of a report and period, built by a job without the row cap',
        body: z.object({
          report: z.enum(exports.EXPORT_REPORT_KEYS),
          from: Day.optional(),
          to: Day.optional(),
          options: ExportOptionsBody.optional(),
        }),
        response: { 200: ExportView },
      },
    },
    async (req) => exports.startExport(deps, tenantCallerOf(req), req.locale, req.body),
  );

  app.get(
    '/informes/exports',
    {
      config: { access: reportsAccess.exports },
      schema: {
        tags,
        summary: "The company's report exports, newest first, with their status and progress (filter: limit, skip)",
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(ExportView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return exports.listExports(deps, tenantCallerOf(req), { limit: Math.min(100, f.limit), skip: f.skip });
    },
  );

  app.get(
    '/informes/exports/count',
    {
      config: { access: reportsAccess.exports },
      schema: {
        tags,
        summary: 'How many report exports the company has',
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => exports.countExports(deps, tenantCallerOf(req)),
  );

  app.get(
    '/informes/exports/:id',
    {
      config: { access: reportsAccess.exports },
      schema: {
        tags,
        summary: "One report export (another company's answers 404)",
        params: ExportId,
        response: { 200: ExportView },
      },
    },
    async (req) => exports.getExport(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/informes/exports/:id/download',
    {
      config: { access: reportsAccess.exports },
      schema: {
        tags,
        summary: "The xlsx of a ready export (409 while it is not ready; another company's answers 404)",
        params: ExportId,
      },
    },
    async (req, reply) => {
      const file = await exports.downloadExport(deps, tenantCallerOf(req), req.params.id);
      return sendDownload(reply, { type: XLSX, name: file.filename, body: file.body });
    },
  );
};
