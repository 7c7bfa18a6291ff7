import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { routesPlugin } from '../../lib/routes';
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
export const inspectionRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/fichas-clientes/:id/inspection-file',
    {
      access: inspectionAccess.customer,
      summary: "Starts the inspector's file of a ficha (a job: PDF, JSON, files and manifest in a zip)",
      params: Id,
      reply: InspectionFileView,
    },
    (req) => service.startCustomerFile(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/fichas-clientes/:id/inspection-files',
    {
      access: inspectionAccess.customer,
      summary: "The inspector's files of a ficha, newest first (the last 20)",
      params: Id,
      reply: z.array(InspectionFileView),
    },
    (req) => service.listFiles(deps, tenantCallerOf(req), { kind: 'customer', fichaId: req.params.id }),
  );

  r.get(
    '/inspection/files/:id',
    {
      access: inspectionAccess.customer,
      summary: "One customer's file, with its progress",
      params: Id,
      reply: InspectionFileView,
    },
    (req) => service.getFile(deps, tenantCallerOf(req), req.params.id, 'customer'),
  );

  r.get(
    '/inspection/files/:id/download',
    {
      access: inspectionAccess.customer,
      summary: "The zip of a ready customer's file (409 while not ready; audited)",
      params: Id,
    },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.id, 'customer');
      return sendDownload(reply, { type: 'application/zip', name: f.fileName, body: f.stream, size: f.size });
    },
  );

  r.post(
    '/inspection/packs',
    {
      access: inspectionAccess.period,
      summary: "Starts the inspector's period pack of a date range (at most 366 days)",
      body: z.object({ from: Day, to: Day }),
      reply: InspectionFileView,
    },
    (req) => service.startPeriodPack(deps, tenantCallerOf(req), req.body.from, req.body.to),
  );

  r.get(
    '/inspection/packs',
    {
      access: inspectionAccess.period,
      summary: 'The period packs, newest first (the last 20)',
      reply: z.array(InspectionFileView),
    },
    (req) => service.listFiles(deps, tenantCallerOf(req), { kind: 'period' }),
  );

  r.get(
    '/inspection/packs/:id',
    {
      access: inspectionAccess.period,
      summary: 'One period pack, with its progress',
      params: Id,
      reply: InspectionFileView,
    },
    (req) => service.getFile(deps, tenantCallerOf(req), req.params.id, 'period'),
  );

  r.get(
    '/inspection/packs/:id/download',
    {
      access: inspectionAccess.period,
      summary: 'The zip of a ready period pack (409 while not ready; audited)',
      params: Id,
    },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.id, 'period');
      return sendDownload(reply, { type: 'application/zip', name: f.fileName, body: f.stream, size: f.size });
    },
  );
});
