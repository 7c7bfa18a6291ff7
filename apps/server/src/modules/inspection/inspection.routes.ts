import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { tenantCallerOf } from '../../plugins/context';
import { inspectionAccess } from './inspection.policy';
import * as service from './inspection.service';

const tags = ['inspection'];
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const Id = z.object({ id: z.string().uuid() });

export const InspectionFileView = z.object({
  id: z.string().uuid(),
  kind: z.enum(['customer', 'period']),
  fichaId: z.string().uuid().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  progress: z.number().int(),
  size: z.number().nullable(),
  fileName: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  manifestSha256: z.string().nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});

/** The inspector's files (issue 28): a ficha's customer file and the period pack, built by a job, downloaded. */
export const inspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/fichas-clientes/:id/inspection-file',
    {
      config: { access: inspectionAccess.customer },
      schema: {
        tags,
        summary: "Starts the inspector's file of a ficha (a job: PDF, JSON, files and manifest in a zip)",
        params: Id,
        response: { 200: InspectionFileView },
      },
    },
    async (req) => service.startCustomerFile(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/fichas-clientes/:id/inspection-files',
    {
      config: { access: inspectionAccess.customer },
      schema: {
        tags,
        summary: "The inspector's files of a ficha, newest first (the last 20)",
        params: Id,
        response: { 200: z.array(InspectionFileView) },
      },
    },
    async (req) => service.listFiles(deps, tenantCallerOf(req), { kind: 'customer', fichaId: req.params.id }),
  );

  app.get(
    '/inspection/files/:id',
    {
      config: { access: inspectionAccess.customer },
      schema: {
        tags,
        summary: "One customer's file, with its progress",
        params: Id,
        response: { 200: InspectionFileView },
      },
    },
    async (req) => service.getFile(deps, tenantCallerOf(req), req.params.id, 'customer'),
  );

  app.get(
    '/inspection/files/:id/download',
    {
      config: { access: inspectionAccess.customer },
      schema: { tags, summary: "The zip of a ready customer's file (409 while not ready; audited)", params: Id },
    },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.id, 'customer');
      return sendDownload(reply, { type: 'application/zip', name: f.fileName, body: f.stream, size: f.size });
    },
  );

  app.post(
    '/inspection/packs',
    {
      config: { access: inspectionAccess.period },
      schema: {
        tags,
        summary: "Starts the inspector's period pack of a date range (at most 366 days)",
        body: z.object({ from: Day, to: Day }),
        response: { 200: InspectionFileView },
      },
    },
    async (req) => service.startPeriodPack(deps, tenantCallerOf(req), req.body.from, req.body.to),
  );

  app.get(
    '/inspection/packs',
    {
      config: { access: inspectionAccess.period },
      schema: {
        tags,
        summary: 'The period packs, newest first (the last 20)',
        response: { 200: z.array(InspectionFileView) },
      },
    },
    async (req) => service.listFiles(deps, tenantCallerOf(req), { kind: 'period' }),
  );

  app.get(
    '/inspection/packs/:id',
    {
      config: { access: inspectionAccess.period },
      schema: {
        tags,
        summary: 'One period pack, with its progress',
        params: Id,
        response: { 200: InspectionFileView },
      },
    },
    async (req) => service.getFile(deps, tenantCallerOf(req), req.params.id, 'period'),
  );

  app.get(
    '/inspection/packs/:id/download',
    {
      config: { access: inspectionAccess.period },
      schema: { tags, summary: 'The zip of a ready period pack (409 while not ready; audited)', params: Id },
    },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.id, 'period');
      return sendDownload(reply, { type: 'application/zip', name: f.fileName, body: f.stream, size: f.size });
    },
  );
};
