import {
  CourtCaseDetailView,
  InsolvencyView,
  InsurerOperationsView,
  InsurerPoliciesView,
  InsurerProductsView,
  RestrictionsView,
  TaxFolderView,
} from '@regcheck/shared/schemas/person-records';
import { CourtCasesView, PepMexicoView, RegistryView } from '@regcheck/shared/schemas/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import { providersAccess } from './providers.policy';
import { CASE_ID, CasePage } from './providers.routes';
import { caseDetail, restrictions } from './records.brazil.service';
import * as chile from './records.chile.service';
import * as records from './records.service';

const tags = ['person-records'];
/** the ficha id or the person's document (RUT, CPF, CNPJ in any format) */
const RunParams = z.object({ run: z.string().min(1).max(40) });
const read = { access: providersAccess.read };

/**
 * The per-person records of /home/records/{run}/...: one provider answer per page, cached 24 h per company and
 * person, with the states notConfigured / found / notFound; failures answer 502/504, the limit 403.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/person-records/:run/registry',
    {
      config: read,
      schema: {
        tags,
        summary: 'CPF or CNPJ registry data of the person (validadorCPF-CNPJ), cached 24 h',
        params: RunParams,
        response: { 200: RegistryView },
      },
    },
    async (req) => records.registry(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/pep-mexico',
    {
      config: read,
      schema: {
        tags,
        summary: 'PEP Mexico matches of the person, best match first, cached 24 h',
        params: RunParams,
        response: { 200: PepMexicoView },
      },
    },
    async (req) => records.pepMexico(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/restrictions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Sanctions and electoral donations of a CPF/CNPJ (pepOutrasRestricoes), cached 24 h',
        params: RunParams,
        response: { 200: RestrictionsView },
      },
    },
    async (req) => restrictions(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/insolvency',
    {
      config: read,
      schema: {
        tags,
        summary: 'Insolvency proceedings of a RUT in the Boletín Concursal (boletinConcursal), cached 24 h',
        params: RunParams,
        response: { 200: InsolvencyView },
      },
    },
    async (req) => chile.insolvency(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/tax-folder',
    {
      config: read,
      schema: {
        tags,
        summary: 'The SII tax folder of a RUT (carpetaTributaria), cached 24 h',
        params: RunParams,
        response: { 200: TaxFolderView },
      },
    },
    async (req) => chile.taxFolder(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/insurer/operations',
    {
      config: read,
      schema: {
        tags,
        summary: "The person's operations in the insurer's system (consorcio-operations), cached 24 h",
        params: RunParams,
        response: { 200: InsurerOperationsView },
      },
    },
    async (req) => chile.insurerOperations(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/insurer/products',
    {
      config: read,
      schema: {
        tags,
        summary: "The person's products in the insurer's system (products-asociados), cached 24 h",
        params: RunParams,
        response: { 200: InsurerProductsView },
      },
    },
    async (req) => chile.insurerProducts(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/insurer/policies',
    {
      config: read,
      schema: {
        tags,
        summary: "The person's insurance policies in detail (policy-detail), cached 24 h",
        params: RunParams,
        response: { 200: InsurerPoliciesView },
      },
    },
    async (req) => chile.insurerPolicies(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/court-cases/:type',
    {
      config: read,
      schema: {
        tags,
        summary: "A court-case table of the person ('Tipo de causa no válido' for an unknown type), 10/25/50 a page",
        params: RunParams.extend({ type: z.string().max(60) }),
        querystring: CasePage,
        response: { 200: CourtCasesView },
      },
    },
    async (req) =>
      records.courtCases(deps, tenantCallerOf(req), req.params.run, req.params.type, {
        limit: req.query.limit,
        skip: req.query.skip,
      }),
  );

  app.get(
    '/person-records/:run/court-cases/:type/:caseId',
    {
      config: read,
      schema: {
        tags,
        summary: "One case of the person's court-case table in detail (parties, movements), cached 24 h",
        params: RunParams.extend({ type: z.string().max(60), caseId: CASE_ID }),
        response: { 200: CourtCaseDetailView },
      },
    },
    async (req) => caseDetail(deps, tenantCallerOf(req), req.params.run, req.params.type, req.params.caseId),
  );
};
