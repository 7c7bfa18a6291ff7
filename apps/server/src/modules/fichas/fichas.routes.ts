import { PassThrough } from 'node:stream';
import {
  CountBody,
  FichaCountBody,
  FichaCountQuery,
  FichaCreateBody,
  FichaExportQuery,
  FichaHistoryPage,
  FichaHistoryQuery,
  FichaIdsBody,
  FichaIdsResult,
  FichaListQuery,
  FichaPatchBody,
  FichaPublicView,
  FichaReplaceBody,
  FichaRiskOverwriteBody,
  FichaView,
  FichaWithRelationsView,
  IdParams,
} from '@regcheck/shared';
import { z } from 'zod';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { sendDownload, XLSX } from '../../lib/download';
import { routesPlugin } from '../../lib/routes';
import { type RouteAccess, type TenantCaller, tenantCallerOf } from '../../plugins/context';
import { streamFichasWorkbook } from './fichas.export';
import { fichasAccess } from './fichas.policy';
import * as service from './fichas.service';

const tags = ['fichas'];
const { read: READ, write: WRITE, trash: TRASH } = fichasAccess;

const DniParams = z.object({ dni: z.string().trim().min(1).max(60) });
const InformeQuery = z.object({
  personType: z.enum(['natural', 'legal']).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  risk: z.enum(['low', 'medium', 'high']).optional(),
  search: z.string().max(200).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  tag: z.string().max(60).optional(),
  pepStatus: z.enum(['direct', 'consanguineous']).optional(),
  limit: z.coerce.number().int().min(0).max(1000).optional(),
  skip: z.coerce.number().int().min(0).optional(),
});

export const fichasRoutes = routesPlugin({ tags }, (r, deps, app) => {
  /** A route on one ficha (`:id`, with or without a body) that answers the ficha read or changed. */
  const oneFicha = <B extends z.ZodType = z.ZodUndefined>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    r: { access: RouteAccess; summary: string; body?: B },
    run: (c: TenantCaller, id: string, body: z.output<B>) => Promise<FichaRow>,
  ) =>
    app.route({
      method,
      url,
      config: { access: r.access },
      schema: {
        tags,
        summary: r.summary,
        params: IdParams,
        ...(r.body ? { body: r.body } : {}),
        response: { 200: FichaView },
      },
      handler: async (req) =>
        service.toFichaView(await run(tenantCallerOf(req), req.params.id, req.body as z.output<B>)),
    });

  /** Trash or restore: a list of fichas in, the ones changed out. */
  const someFichas = (
    url: string,
    access: RouteAccess,
    summary: string,
    run: (c: TenantCaller, ids: string[]) => Promise<z.output<typeof FichaIdsResult>>,
  ) =>
    r.patch(url, { access, summary, body: FichaIdsBody, reply: FichaIdsResult }, (req) =>
      run(tenantCallerOf(req), req.body.fichasIds),
    );

  r.get(
    '/fichas-clientes',
    {
      access: READ,
      summary:
        'Fichas of the company (LoopBack filter: where, order, limit, skip). Active ones unless where.status says otherwise (inactive needs trash).',
      querystring: FichaListQuery,
      reply: z.array(FichaView),
    },
    async (req) => (await service.list(deps, tenantCallerOf(req), req.query.filter)).map(service.toFichaView),
  );

  r.get(
    '/fichas-clientes/count',
    {
      access: READ,
      summary:
        'Number of fichas for a where; exact up to 1,000, a planner estimate above (estimated: true) unless exact=true',
      querystring: FichaCountQuery.extend({ exact: z.enum(['true', 'false']).optional() }),
      reply: FichaCountBody,
    },
    (req) => service.count(deps, tenantCallerOf(req), req.query.where, req.query.exact === 'true'),
  );

  r.get(
    '/fichas-clientes/export',
    {
      access: READ,
      summary:
        'The filtered list (same filter as GET /fichas-clientes; order, limit and skip ignored) as an .xlsx file, newest first, streamed; at most 100,000 rows (400 FICHAS_EXPORT_TOO_MANY above)',
      querystring: FichaExportQuery,
    },
    async (req, reply) => {
      const c = tenantCallerOf(req);
      const { cond } = await service.prepareExport(deps, c, req.query.filter);
      const out = new PassThrough();
      streamFichasWorkbook(out, req.locale, (write) => service.exportRows(deps, c, cond, write)).catch((err) => {
        req.log.error({ err }, 'fichas export failed');
        out.destroy(err as Error);
      });
      const day = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, { type: XLSX, name: `fichas-${day}.xlsx`, body: out });
    },
  );

  r.get(
    '/fichas-clientes/:id/history',
    {
      access: READ,
      summary:
        'Audited changes of the ficha and of its relationships, files and risk overwrites (who, when, action, changed fields before/after), newest first',
      params: IdParams,
      querystring: FichaHistoryQuery,
      reply: FichaHistoryPage,
    },
    (req) => service.history(deps, tenantCallerOf(req), req.params.id, req.query.limit, req.query.skip),
  );

  r.get(
    '/fichas-clientes/trash',
    {
      access: TRASH,
      summary: 'The trash: soft-deleted fichas (filter as the list)',
      querystring: FichaListQuery,
      reply: z.array(FichaView),
    },
    async (req) =>
      (await service.list(deps, tenantCallerOf(req), req.query.filter, { trash: true })).map(service.toFichaView),
  );

  r.get(
    '/fichas-clientes/public',
    {
      access: READ,
      summary:
        'Minimal projection of active fichas (id, document, person type, name, risk) for pickers: any company user',
      querystring: FichaListQuery,
      reply: z.array(FichaPublicView),
    },
    async (req) =>
      (await service.list(deps, tenantCallerOf(req), req.query.filter))
        .filter((r) => r.status === 'active')
        .map(service.toPublicView),
  );

  r.get(
    '/fichas-clientes/by-dni/:dni',
    {
      access: READ,
      summary: 'The active ficha with this document (any format: 12.345.678-5, 12345678-5, 529.982.247-25...)',
      params: DniParams,
      querystring: z.object({ personType: z.enum(['natural', 'legal']).optional() }),
      reply: FichaView,
    },
    async (req) =>
      service.toFichaView(await service.byDni(deps, tenantCallerOf(req), req.params.dni, req.query.personType)),
  );

  r.get(
    '/fichas-clientes/count-legal-by-dni/:dni',
    {
      access: READ,
      summary: 'Number of active legal-person fichas with this document in the company',
      params: DniParams,
      reply: CountBody,
    },
    async (req) => ({ count: await service.countLegalByDni(deps, tenantCallerOf(req), req.params.dni) }),
  );

  r.get(
    '/fichas-clientes/with-relations/:id',
    {
      access: READ,
      summary: 'A ficha with its related persons, legal representatives and operations',
      params: IdParams,
      reply: FichaWithRelationsView,
    },
    (req) => service.getWithRelations(deps, tenantCallerOf(req), req.params.id),
  );

  oneFicha('GET', '/fichas-clientes/:id', { access: READ, summary: 'One ficha' }, (c, id) => service.get(deps, c, id));

  r.post(
    '/fichas-clientes',
    {
      access: WRITE,
      summary: 'Create a ficha (validated, screened and rated)',
      body: FichaCreateBody,
      reply: FichaView,
    },
    async (req) => service.toFichaView(await service.create(deps, tenantCallerOf(req), req.body)),
  );

  someFichas(
    '/fichas-clientes/soft-delete',
    WRITE,
    'Move fichas to the trash (and the operations where they are associates)',
    (c, ids) => service.softDelete(deps, c, ids),
  );
  someFichas('/fichas-clientes/restore', TRASH, 'Restore fichas from the trash (with their operations)', (c, ids) =>
    service.restore(deps, c, ids),
  );

  oneFicha(
    'PATCH',
    '/fichas-clientes/no-lists/:id',
    { access: WRITE, summary: 'Update a ficha without screening it again', body: FichaPatchBody },
    (c, id, body) => service.patch(deps, c, id, body, { screen: false }),
  );

  oneFicha(
    'PATCH',
    '/fichas-clientes/:id/risk',
    {
      access: WRITE,
      summary: 'Overwrite the risk (admin, adminNoUser) with a reason; null clears it. Audited.',
      body: FichaRiskOverwriteBody,
    },
    (c, id, body) => service.overwriteRisk(deps, c, id, body.overwrittenRisk, body.reason),
  );

  oneFicha(
    'PATCH',
    '/fichas-clientes/:id',
    {
      access: WRITE,
      summary:
        'Update a ficha (audit and identity fields are ignored); a changed name, document, birth date or nationality screens it again',
      body: FichaPatchBody,
    },
    (c, id, body) => service.patch(deps, c, id, body, { screen: true }),
  );

  oneFicha(
    'PUT',
    '/fichas-clientes/:id',
    {
      access: WRITE,
      summary: 'Replace the allowed fields only: name, fatherName, motherName (natural) or socialReason (legal)',
      body: FichaReplaceBody,
    },
    (c, id, body) => service.replace(deps, c, id, body),
  );

  oneFicha(
    'POST',
    '/fichas-clientes/:id/screen',
    { access: WRITE, summary: 'Screen the ficha against the lists now' },
    (c, id) => service.screenNow(deps, c, id),
  );

  r.post(
    '/fichas-clientes/:id',
    {
      access: TRASH,
      summary: 'Delete a ficha permanently (audited with the whole record)',
      params: IdParams,
      reply: FichaIdsResult,
    },
    (req) => service.hardDelete(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/informes/fichasPersonas',
    {
      access: fichasAccess.reports,
      tags: ['reports'],
      summary:
        'Totals of fichas by person type, risk, PEP and matches (query: personType, status, risk, search, from, to, tag, pepStatus)',
      querystring: InformeQuery,
      reply: z.record(z.string(), z.number()),
    },
    (req) => service.informeSummary(deps, tenantCallerOf(req), req.query),
  );

  r.get(
    '/informes/fichasPersonasList',
    {
      access: fichasAccess.reports,
      tags: ['reports'],
      summary: 'Fichas for the report (same query plus limit, skip)',
      querystring: InformeQuery,
      reply: z.object({ data: z.array(FichaView), count: z.number().int() }),
    },
    (req) => service.informeList(deps, tenantCallerOf(req), req.query),
  );
});
