import type { Locale } from '@regcheck/shared';
import { FORM_TYPES } from '@regcheck/shared/schemas/forms';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { type AppDeps, type TenantCaller, tenantCallerOf } from '../../plugins/context';
import { complianceOfficerReport, conflictOfInterestReport, cpfCnpjValidatorReport } from './reports.compliance';
import { getDocuments, uploadReportFile } from './reports.documents';
import { fichasReport } from './reports.fichas';
import { formsReport } from './reports.forms';
import { htmlPdf } from './reports.html-pdf';
import { reportsAccess } from './reports.policy';
import { tracePremiums } from './reports.premiums';
import { reportCsv } from './reports.roe';
import { Dashboard, Day, Format, PeriodParams, PremiumOperation, ReportBody, RoeReportBody } from './reports.schemas';
import * as service from './reports.service';

const tags = ['reports'];

function send(reply: FastifyReply, out: service.ReportTables | service.ReportFile) {
  if (!('body' in out)) return out;
  return sendDownload(reply, { type: out.type, name: out.filename, body: out.body });
}

type PeriodReport = (
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
) => Promise<service.ReportTables>;

/** The reports of one company and period: /informes/<path>/:id/:dateInit/:dateEnd, file named `<file>.<format>`. */
const PERIOD_REPORTS: { path: string; file: string; summary: string; build: PeriodReport }[] = [
  {
    path: 'resumen',
    file: 'resumen',
    summary: 'Summary report of the period (format json, xlsx or pdf)',
    build: service.summaryReport,
  },
  {
    path: 'listas',
    file: 'listas',
    summary: 'List-matches report of the period (format json, xlsx or pdf)',
    build: service.listsReport,
  },
  {
    path: 'oficial-cumplimiento',
    file: 'oficial-cumplimiento',
    summary:
      "Compliance officer's report to the board: the period's screenings, matches, ROS, ROE, forms and risk changes",
    build: complianceOfficerReport,
  },
  {
    path: 'validadorcpfcnpj',
    file: 'validador-cpf-cnpj',
    summary: 'CPF/CNPJ validator report: the registry lookups of the period and their outcome (json, xlsx or pdf)',
    build: cpfCnpjValidatorReport,
  },
  {
    path: 'conflicto-interes',
    file: 'conflicto-interes',
    summary: 'Conflict-of-interest allegations of the period with their state and deadlines (json, xlsx or pdf)',
    build: conflictOfInterestReport,
  },
];

/** Home dashboard, the reports of /home/reports (on screen, xlsx, PDF), the ROE-UAF file, news and the PDF service. */
export const reportsRoutes = routesPlugin({ tags }, (r, deps) => {
  /** The report as JSON, or as the asked file (a PDF carries the company's logo). */
  const reportReply = async (
    reply: FastifyReply,
    caller: TenantCaller,
    locale: Locale,
    report: service.ReportTables,
    format: 'json' | 'xlsx' | 'pdf',
    file: string,
  ) =>
    send(
      reply,
      await service.render(
        report,
        format,
        locale,
        file,
        service.issuerOf(caller),
        await service.logoFor(deps, caller, format),
      ),
    );

  r.get(
    '/home-dashboard',
    {
      access: reportsAccess.dashboard,
      summary: 'Every home dashboard widget for a period (last 30 days by default), one aggregate query each',
      querystring: z.object({ from: Day.optional(), to: Day.optional() }),
      reply: Dashboard,
    },
    (req) => service.dashboard(deps, tenantCallerOf(req), req.query),
  );

  for (const p of PERIOD_REPORTS)
    r.get(
      `/informes/${p.path}/:id/:dateInit/:dateEnd`,
      {
        access: reportsAccess.reports,
        summary: p.summary,
        params: PeriodParams,
        querystring: z.object({ format: Format }),
        reply: ReportBody,
      },
      async (req, reply) => {
        const c = tenantCallerOf(req);
        service.ownCompany(c, req.params.id);
        const report = await p.build(deps, c, req.locale, req.params.dateInit, req.params.dateEnd);
        return reportReply(reply, c, req.locale, report, req.query.format, p.file);
      },
    );

  // informes/Form{formType}: formDOF answers at /informes/FormDOF/..., formDOFLegal at /informes/FormDOFLegal/..., etc.
  for (const type of FORM_TYPES)
    r.get(
      `/informes/Form${type.slice('form'.length)}/:id/:dateInit/:dateEnd`,
      {
        access: reportsAccess.reports,
        summary: `Forms report (${type}): the forms of the type created in the period, signed ones (allow_filled=true: filled too)`,
        params: PeriodParams,
        querystring: z.object({ format: Format, allow_filled: z.enum(['true', 'false']).default('false') }),
        reply: ReportBody,
      },
      async (req, reply) => {
        const c = tenantCallerOf(req);
        service.ownCompany(c, req.params.id);
        const { dateInit, dateEnd } = req.params;
        const allowFilled = req.query.allow_filled === 'true';
        const report = await formsReport(deps, c, req.locale, { type, from: dateInit, to: dateEnd, allowFilled });
        return reportReply(reply, c, req.locale, report, req.query.format, `formularios-${type}`);
      },
    );

  r.get(
    '/informes/fichasPersonas/:id/:dateInit/:dateEnd',
    {
      access: reportsAccess.reports,
      summary:
        'Fichas report: the totals of /informes/fichasPersonas and the fichas of /informes/fichasPersonasList created in the period (json, xlsx or pdf)',
      params: PeriodParams,
      querystring: z.object({
        format: Format,
        personType: z.enum(['natural', 'legal']).optional(),
        risk: z.enum(['low', 'medium', 'high']).optional(),
      }),
      reply: ReportBody,
    },
    async (req, reply) => {
      const c = tenantCallerOf(req);
      service.ownCompany(c, req.params.id);
      const { dateInit, dateEnd } = req.params;
      const { personType, risk } = req.query;
      const report = await fichasReport(deps, c, req.locale, dateInit, dateEnd, { personType, risk });
      return reportReply(reply, c, req.locale, report, req.query.format, 'fichas');
    },
  );

  r.get(
    '/informes/final-beneficiaries',
    {
      access: reportsAccess.reports,
      summary: 'Every active legal ficha with its beneficial owners (direct and indirect) and the unresolved ones',
      querystring: z.object({ format: Format }),
      reply: ReportBody,
    },
    async (req, reply) => {
      const c = tenantCallerOf(req);
      const report = await service.finalBeneficiariesReport(deps, c, req.locale);
      return reportReply(reply, c, req.locale, report, req.query.format, 'beneficiarios-finales');
    },
  );

  r.get(
    '/informes/roe-uaf',
    {
      access: reportsAccess.roeUaf,
      summary:
        'ROE for the UAF: the reportable cash operations of the period (deleted ones with their mark), the cash pending a dollar rate and the differences from the last filing (json, xlsx, pdf, csv, or the txt file: 409 ROE_RATES_PENDING while cash waits for a rate)',
      querystring: z.object({
        from: Day,
        to: Day,
        format: z.enum(['json', 'xlsx', 'pdf', 'csv', 'txt']).default('json'),
      }),
      reply: RoeReportBody,
    },
    async (req, reply) => {
      const c = tenantCallerOf(req);
      const { format, from, to } = req.query;
      const { report, file } = await service.roeUafReport(deps, c, req.locale, from, to);
      if (format === 'txt') return send(reply, file());
      if (format === 'csv') return send(reply, reportCsv(report, 'roe-uaf'));
      return reportReply(reply, c, req.locale, report, format, 'roe-uaf');
    },
  );

  r.get(
    '/analytics/trends',
    {
      access: reportsAccess.analytics,
      summary: 'Searches, matches and risk per month over 12 months (allow-listed companies only; others 404)',
      reply: z.array(
        z.object({
          month: z.string(),
          searches: z.number(),
          searchMatches: z.number(),
          fichas: z.number(),
          fichaMatches: z.number(),
          highRisk: z.number(),
        }),
      ),
    },
    (req) => service.trends(deps, tenantCallerOf(req)),
  );

  r.post(
    '/files/html-pdf',
    {
      access: reportsAccess.pdf,
      tags: ['files'],
      summary: 'A report screen (HTML) as a laid-out PDF; default A2 portrait, margins 3/2/2/2 cm',
      body: z.object({
        nombre: z.string().trim().min(1).max(200),
        report: z.string().max(200).optional(),
        tamaño: z.enum(['A2', 'A3', 'A4', 'LETTER', 'a2', 'a3', 'a4', 'letter']).optional(),
        margenes: z.union([z.string().max(50), z.array(z.number()).max(4)]).optional(),
        orientation: z.enum(['portrait', 'landscape']).optional(),
        contenido: z.string().min(1).max(5_000_000),
      }),
    },
    async (req, reply) => {
      const t = service.tr(req.locale);
      const issuer = req.auth ? service.issuerOf({ auth: req.auth }) : null;
      const pdf = await htmlPdf(
        req.body,
        (n, total) => t('file.page', { n, total }),
        issuer ? { issued: service.generatedLine(t, issuer), footer: issuer.company || undefined } : {},
      );
      const name = req.body.nombre.trim();
      return sendDownload(reply, {
        type: 'application/pdf',
        name: name.endsWith('.pdf') ? name : `${name}.pdf`,
        body: pdf,
      });
    },
  );

  r.get(
    '/trace-list-premiums',
    {
      access: reportsAccess.premiums,
      tags: ['uaf-operations'],
      summary:
        "The insurance premiums traced on the period's operations: insurance fields and every policy change (paginated)",
      querystring: z.object({
        from: Day.optional(),
        to: Day.optional(),
        limit: z.coerce.number().int().min(1).max(500).default(50),
        skip: z.coerce.number().int().min(0).default(0),
      }),
      reply: z.object({ from: z.string(), to: z.string(), count: z.number().int(), data: z.array(PremiumOperation) }),
    },
    (req) => tracePremiums(deps, tenantCallerOf(req), req.query),
  );

  r.post(
    '/files/getDocument',
    {
      access: reportsAccess.reportDocuments,
      tags: ['files'],
      summary:
        'Stored report documents by id (data: the id archivo/reportes answered; name: the file name to give it), as base64',
      body: z
        .array(z.object({ name: z.string().max(150).default(''), data: z.string().min(1).max(100) }))
        .min(1)
        .max(10),
      reply: z.array(z.object({ name: z.string(), mimetype: z.string(), size: z.number().int(), data: z.string() })),
    },
    (req) => getDocuments(deps, tenantCallerOf(req), req.body),
  );

  r.post(
    '/files/archivo/reportes/:origin',
    {
      access: reportsAccess.reportDocuments,
      tags: ['files'],
      summary: 'Stores a report file (multipart field "file": a PDF or xlsx by content, at most 25 MB) for its origin',
      params: z.object({ origin: z.string().regex(/^[\w-]{1,60}$/) }),
      reply: z.object({
        id: z.string(),
        origin: z.string(),
        name: z.string(),
        mimetype: z.string(),
        size: z.number().int(),
        uploadedAt: z.string(),
      }),
    },
    async (req) => {
      const file = await readFilePart(req);
      if (file === 'FILE_TOO_LARGE' || file === 'FILE_REQUIRED')
        throw new AppError(file, { field: 'file', messageKey: `reports:errors.${file}` });
      return uploadReportFile(deps, tenantCallerOf(req), req.params.origin, file);
    },
  );
});
