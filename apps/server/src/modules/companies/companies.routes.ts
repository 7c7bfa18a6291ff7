import { CompanyCreateBody, CompanyView, CountBody, IdParams } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { parseListFilter } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { callerOf } from '../../plugins/context';
import { companiesAccess } from './companies.policy';
import * as service from './companies.service';

const tags = ['companies'];

/** The relations a company read includes: `filter.include` as names or `{ relation }` objects (only known ones). */
function includesOf(raw: string | undefined): string[] {
  const include = parseListFilter(raw).include ?? [];
  const names = (Array.isArray(include) ? include : [include]).map((i) =>
    typeof i === 'string' ? i : String((i as { relation?: unknown })?.relation ?? ''),
  );
  for (const n of names)
    if (n !== 'commercialActivity')
      throw new AppError('VALIDATION_ERROR', {
        field: 'filter.include',
        params: { field: 'filter.include', reason: `unknown relation '${n}'` },
      });
  return names;
}

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/companies',
    {
      config: { access: companiesAccess.manage },
      schema: { tags, summary: 'Create an obliged subject', body: CompanyCreateBody, response: { 200: CompanyView } },
    },
    async (req) => service.toCompanyView(await service.createCompany(deps, callerOf(req), req.body)),
  );

  app.get(
    '/companies',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary: 'Obliged subjects (filter: limit, skip)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(CompanyView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return (await service.listCompanies(deps, { limit: f.limit, skip: f.skip })).map(service.toCompanyView);
    },
  );

  app.get(
    '/companies/count',
    {
      config: { access: companiesAccess.manage },
      schema: { tags, summary: 'Number of obliged subjects', response: { 200: CountBody } },
    },
    async () => ({ count: await service.countCompanies(deps) }),
  );

  app.get(
    '/companies/:id',
    {
      config: { access: companiesAccess.read },
      schema: {
        tags,
        summary:
          'One obliged subject (own company, or any for the super administrator); filter {"include":["commercialActivity"]}',
        params: IdParams,
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: CompanyView },
      },
    },
    async (req) => {
      const row = await service.getCompany(deps, callerOf(req), req.params.id);
      const include = includesOf(req.query.filter);
      return {
        ...service.toCompanyView(row),
        ...(include.includes('commercialActivity')
          ? { commercialActivity: await service.commercialActivityOf(deps, row, req.locale) }
          : {}),
      };
    },
  );

  app.patch(
    '/companies/:id',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary: 'Update an obliged subject',
        params: IdParams,
        body: CompanyCreateBody.partial(),
        response: { 200: CompanyView },
      },
    },
    async (req) => service.toCompanyView(await service.updateCompany(deps, callerOf(req), req.params.id, req.body)),
  );

  app.patch(
    '/companies/delete/:id',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary: 'Delete an obliged subject (switched off with its users; kept for the audit trail)',
        params: IdParams,
        response: { 200: CompanyView },
      },
    },
    async (req) => service.toCompanyView(await service.deleteCompany(deps, callerOf(req), req.params.id)),
  );

  const ReportFlows = z.object({
    companyId: z.string(),
    reportFlows: z.array(
      z.object({
        reportType: z.enum(service.REPORT_FLOW_TYPES),
        userName: z.string(),
        uniqueId: z.string(),
        updatedAt: z.string(),
      }),
    ),
  });

  app.get(
    '/companies/reportFlows/:id',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary: 'Per company report flows: the person responsible of each report type (the reports dashboard tab)',
        params: IdParams,
        response: { 200: ReportFlows },
      },
    },
    async (req) => service.getReportFlows(deps, req.params.id),
  );

  app.patch(
    '/companies/reportFlows/:id',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary:
          "Per company report flows: the person responsible (userName, uniqueId: the id of a company user who sees reports) of one report type; answers the company's flows",
        params: IdParams,
        body: z.object({
          reportType: z.enum(service.REPORT_FLOW_TYPES),
          userName: z.string().trim().min(1).max(200),
          uniqueId: z.string().trim().min(1).max(100),
        }),
        response: { 200: ReportFlows },
      },
    },
    async (req) => service.setReportFlow(deps, callerOf(req), req.params.id, req.body),
  );

  app.patch(
    '/companies/addlogo/:id',
    {
      config: { access: companiesAccess.manage },
      schema: {
        tags,
        summary: 'Upload the logo of an obliged subject (multipart, one PNG, JPG or WEBP image up to 2 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: CompanyView },
      },
    },
    async (req) => {
      const file = await readFilePart(req, service.MAX_LOGO_BYTES);
      if (file === 'FILE_TOO_LARGE') throw new AppError('LOGO_TOO_LARGE', { field: 'file' });
      if (file === 'FILE_REQUIRED') throw new AppError('LOGO_FORMAT', { field: 'file' });
      return service.toCompanyView(await service.setCompanyLogo(deps, callerOf(req), req.params.id, file.bytes));
    },
  );

  app.get(
    '/companies/viewlogo/:id',
    {
      config: { access: companiesAccess.read },
      schema: { tags, summary: 'The logo of an obliged subject', params: IdParams },
    },
    async (req, reply) => {
      const logo = await service.getCompanyLogo(deps, callerOf(req), req.params.id);
      return sendDownload(reply, { type: logo.mime, body: logo.bytes });
    },
  );
};
