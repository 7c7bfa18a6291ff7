import {
  BulkLoadErrorsView,
  BulkLoadStartBody,
  BulkLoadView,
  BulkSimilarBody,
  BulkTemplateType,
  BulkUploadResult,
  BulkUploadUrlView,
  CountBody,
  CountWhereQuery,
  IdParams,
  ListFilterQuery,
  localeOf,
} from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { bulkLoadsAccess } from './bulk-loads.policy';
import * as service from './bulk-loads.service';

const tags = ['bulk-loads'];
const access = bulkLoadsAccess.use;
/** The largest spreadsheet accepted (a 100,000-row file is about 10 MB). */
const MAX_FILE = 60 * 1024 * 1024;

export const bulkLoadsRoutes = routesPlugin({ tags }, (r, deps, app) => {
  // the signed URL's PUT carries the file's bytes as they are
  app.addContentTypeParser(
    ['application/octet-stream', XLSX, 'application/vnd.ms-excel'],
    { parseAs: 'buffer', bodyLimit: MAX_FILE },
    (_req, body, done) => done(null, body),
  );

  r.get(
    '/carga-masiva',
    {
      access,
      summary: 'The history of bulk loads (LoopBack filter), newest first',
      querystring: ListFilterQuery,
      reply: z.array(BulkLoadView),
    },
    (req) => service.list(deps, tenantCallerOf(req), parseListFilter(req.query.filter), req.locale),
  );

  r.get(
    '/carga-masiva/count',
    { access, summary: 'Number of bulk loads (where)', querystring: CountWhereQuery, reply: CountBody },
    async (req) => ({ count: await service.count(deps, tenantCallerOf(req), parseWhere(req.query.where)) }),
  );

  r.get(
    '/carga-masiva/templates/:type',
    {
      access,
      summary:
        "A template (.xlsx): the header row in the company's language (or lang) and a sheet explaining each column",
      params: z.object({ type: BulkTemplateType }),
      querystring: z.object({ lang: z.enum(['es', 'pt-BR', 'en', 'br']).optional() }),
    },
    async (req, reply) => {
      const c = tenantCallerOf(req);
      const locale = localeOf(req.query.lang ?? c.auth.company?.language);
      const buf = await service.template(req.params.type, locale);
      return sendDownload(reply, { type: XLSX, name: `template-${req.params.type}.xlsx`, body: buf });
    },
  );

  r.post(
    '/carga-masiva/upload-url',
    {
      access,
      summary: 'An expiring signed URL of this server to PUT the spreadsheet to (15 minutes)',
      reply: BulkUploadUrlView,
    },
    (req) => service.uploadUrl(deps, tenantCallerOf(req)),
  );

  r.put(
    '/carga-masiva/upload/:token',
    {
      access,
      summary:
        "The file's bytes (application/octet-stream); an .xls, a file that is not a workbook or a zip bomb answers 400",
      params: z.object({ token: z.string().min(10).max(1000) }),
      reply: BulkUploadResult,
      bodyLimit: MAX_FILE,
    },
    (req) => service.upload(deps, tenantCallerOf(req), req.params.token, req.body as Buffer | undefined),
  );

  const startSchema = {
    config: { access },
    schema: {
      tags,
      summary: 'Starts a load of an uploaded file (urlFile); the job loads it and the load shows its progress',
      body: BulkLoadStartBody,
      response: { 200: BulkLoadView },
    },
  };
  app.post('/carga-masiva', startSchema, async (req) => service.start(deps, tenantCallerOf(req), req.body, req.locale));
  app.post('/masive-load/carga-masiva', startSchema, async (req) =>
    service.start(deps, tenantCallerOf(req), req.body, req.locale),
  );

  r.get(
    '/carga-masiva/errors/:id',
    {
      access,
      summary: 'The rows reported by a load: row number, column, value and the message',
      params: IdParams,
      reply: BulkLoadErrorsView,
    },
    (req) => service.errors(deps, tenantCallerOf(req), req.params.id, req.locale),
  );

  r.get(
    '/carga-masiva/errors/:id/xlsx',
    { access, summary: 'The error report of a load as an .xlsx file', params: IdParams },
    async (req, reply) => {
      const { buf, name } = await service.errorsXlsx(deps, tenantCallerOf(req), req.params.id, req.locale);
      return sendDownload(reply, { type: XLSX, name, body: buf });
    },
  );

  r.get(
    '/carga-masiva/:id',
    { access, summary: 'One load: status and progress', params: IdParams, reply: BulkLoadView },
    (req) => service.get(deps, tenantCallerOf(req), req.params.id, req.locale),
  );

  r.post(
    '/carga-masiva/:id/similar',
    {
      access,
      summary: 'The similar-records choice: the trashed fichas to restore (none: new fichas); the load goes on',
      params: IdParams,
      body: BulkSimilarBody,
      reply: BulkLoadView,
    },
    (req) => service.decideSimilar(deps, tenantCallerOf(req), req.params.id, req.body.restore, req.locale),
  );
});
