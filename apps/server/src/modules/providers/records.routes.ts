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
import { type AppDeps, type TenantCaller, tenantCallerOf } from '../../plugins/context';
import { providersAccess } from './providers.policy';
import { CASE_ID, CasePage } from './providers.routes';
import { caseDetail, restrictions } from './records.brazil.service';
import * as chile from './records.chile.service';
import * as records from './records.service';

const tags = ['person-records'];
/** the ficha id or the person's document (RUT, CPF, CNPJ in any format) */
const RunParams = z.object({ run: z.string().min(1).max(40) });
const readAccess = { access: providersAccess.read };

/**
 * The per-person records of /home/records/{run}/...: one provider answer per page, cached 24 h per company and
 * person, with the states notConfigured / found / notFound; failures answer 502/504, the limit 403.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  /** One record of a person: GET /person-records/{run}/{path}, the provider's answer for that person. */
  const personRecord = <V extends z.ZodType>(
    path: string,
    summary: string,
    view: V,
    read: (deps: AppDeps, caller: TenantCaller, run: string) => Promise<z.input<V>>,
  ) =>
    app.get(
      `/person-records/:run/${path}`,
      // the answer's type is checked where each record is declared (`read` answers its `view`'s input): the type
      // provider cannot follow a generic schema, so it sees the plain one
      { config: readAccess, schema: { tags, summary, params: RunParams, response: { 200: view as z.ZodType } } },
      async (req) => read(deps, tenantCallerOf(req), req.params.run),
    );

  personRecord(
    'registry',
    'CPF or CNPJ registry data of the person (validadorCPF-CNPJ), cached 24 h',
    RegistryView,
    records.registry,
  );
  personRecord(
    'pep-mexico',
    'PEP Mexico matches of the person, best match first, cached 24 h',
    PepMexicoView,
    records.pepMexico,
  );
  personRecord(
    'restrictions',
    'Sanctions and electoral donations of a CPF/CNPJ (pepOutrasRestricoes), cached 24 h',
    RestrictionsView,
    restrictions,
  );
  personRecord(
    'insolvency',
    'Insolvency proceedings of a RUT in the Boletín Concursal (boletinConcursal), cached 24 h',
    InsolvencyView,
    chile.insolvency,
  );
  personRecord(
    'tax-folder',
    'The SII tax folder of a RUT (carpetaTributaria), cached 24 h',
    TaxFolderView,
    chile.taxFolder,
  );
  personRecord(
    'insurer/operations',
    "The person's operations in the insurer's system (consorcio-operations), cached 24 h",
    InsurerOperationsView,
    chile.insurerOperations,
  );
  personRecord(
    'insurer/products',
    "The person's products in the insurer's system (products-asociados), cached 24 h",
    InsurerProductsView,
    chile.insurerProducts,
  );
  personRecord(
    'insurer/policies',
    "The person's insurance policies in detail (policy-detail), cached 24 h",
    InsurerPoliciesView,
    chile.insurerPolicies,
  );

  app.get(
    '/person-records/:run/court-cases/:type',
    {
      config: readAccess,
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
      config: readAccess,
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
