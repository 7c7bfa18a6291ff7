import { pageOf } from '@regcheck/shared/schemas/common';
import { CourtCaseDetailView } from '@regcheck/shared/schemas/person-records';
import {
  DatacorpInfo,
  ProviderAccountBody,
  ProviderAccountView,
  ProviderConfigBody,
  ProviderConfigView,
} from '@regcheck/shared/schemas/providers';
import { CASE_PAGE_SIZES, CourtCasesView, ProviderCallView } from '@regcheck/shared/schemas/records';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { setAccount } from './providers.account.service';
import { PROVIDERS } from './providers.adapter';
import { createRenewToken, datacorpInfo } from './providers.datacorp.service';
import { providersAccess } from './providers.policy';
import * as providers from './providers.service';
import { processoDetail, processos } from './records.brazil.service';

const tags = ['providers'];
const CompanyParams = z.object({ companyId: z.string().uuid() });
const IdParams = z.object({ id: z.string().uuid() });
export const CasePage = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CASE_PAGE_SIZES as readonly number[]).includes(n), 'page size is 10, 25 or 50')
    .default(10),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const CASE_ID = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/);
const CallPage = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).default(0),
  fichaId: z.string().uuid().optional(),
});
const CallsAnswer = pageOf(ProviderCallView);
const ProcessosView = CourtCasesView.omit({ person: true, type: true }).extend({ document: z.string() });

/**
 * The providers' configuration and data-provider account (super administrator), the read-only call log, and the
 * super administrator's court-case lookups of any CPF/CNPJ on a company's contract (ProcessosJudiciais).
 */
export const providersRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/person-records/calls',
    {
      access: providersAccess.callLog,
      summary: "The company's log of provider lookups, newest first (of one ficha with fichaId): read-only",
      querystring: CallPage,
      reply: CallsAnswer,
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      return providers.calls(deps, caller, caller.companyId, req.query);
    },
  );

  r.get(
    '/providers/:companyId',
    {
      access: providersAccess.configure,
      summary: "A company's record providers (super administrator; credentials are never shown)",
      params: CompanyParams,
      reply: z.array(ProviderConfigView),
    },
    (req) => providers.listConfigs(deps, callerOf(req), req.params.companyId),
  );

  r.put(
    '/providers/:companyId/:provider',
    {
      access: providersAccess.configure,
      summary: "Sets a company's provider: address, credentials (encrypted at rest) and contracted request limit",
      params: CompanyParams.extend({ provider: z.enum(PROVIDERS) }),
      body: ProviderConfigBody,
      reply: ProviderConfigView,
    },
    (req) => providers.configure(deps, callerOf(req), req.params.companyId, req.params.provider, req.body),
  );

  r.get(
    '/providers/:companyId/calls',
    {
      access: providersAccess.configure,
      summary: "A company's log of provider lookups (super administrator, read-only)",
      params: CompanyParams,
      querystring: CallPage,
      reply: CallsAnswer,
    },
    (req) => providers.calls(deps, callerOf(req), req.params.companyId, req.query),
  );

  r.put(
    '/providers/:companyId/account',
    {
      access: providersAccess.configure,
      summary: "Sets the company's data-provider account (datacorp): token endpoint, client id, secret (encrypted)",
      params: CompanyParams,
      body: ProviderAccountBody,
      reply: ProviderAccountView,
    },
    (req) => setAccount(deps, callerOf(req), req.params.companyId, req.body),
  );

  r.get(
    '/companies/get-datacorp-info/:id',
    {
      access: providersAccess.configure,
      tags: ['companies'],
      summary: "The company's data-provider account and token state, and each provider's remaining requests",
      params: IdParams,
      reply: DatacorpInfo,
    },
    (req) => datacorpInfo(deps, callerOf(req), req.params.id),
  );

  r.post(
    '/companies/create-renew-datacorp-token/:id',
    {
      access: providersAccess.configure,
      tags: ['companies'],
      summary: "Obtains a new access token with the account's client credentials (stored encrypted), audited",
      params: IdParams,
      reply: DatacorpInfo,
    },
    (req) => createRenewToken(deps, callerOf(req), req.params.id),
  );

  r.get(
    '/processos-judiciais/:companyId/:run',
    {
      access: providersAccess.configure,
      summary: "Court cases of a CPF/CNPJ (ProcessosJudiciais) on the company's contract, 10/25/50 a page",
      params: CompanyParams.extend({ run: z.string().min(1).max(40) }),
      querystring: CasePage,
      reply: ProcessosView,
    },
    (req) => processos(deps, callerOf(req), req.params.companyId, req.params.run, req.query),
  );

  r.get(
    '/processos-judiciais/:companyId/:run/:idDetalhe',
    {
      access: providersAccess.configure,
      summary: 'One court case in detail (DetalheProcesso): parties, movements',
      params: CompanyParams.extend({ run: z.string().min(1).max(40), idDetalhe: CASE_ID }),
      reply: CourtCaseDetailView,
    },
    (req) => processoDetail(deps, callerOf(req), req.params.companyId, req.params.run, req.params.idDetalhe),
  );
});
