import { isValidCnpj, isValidCpf } from '@regcheck/shared/documents/index';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import { getCompany } from '../companies';
import { courtCasesAdapter } from './providers.adapters';
import { courtCaseDetailAdapter, restrictionsAdapter, sanctionActive } from './providers.adapters.records';
import { recordsError } from './providers.errors';
import { type LookupOutcome, lookup } from './providers.service';
import { caseTypeOf, documentOf, fichaOfRun, personRecord } from './records.service';

/**
 * The Brazilian per-person records beyond the registry: other restrictions (pepOutrasRestricoes: sanctions and
 * electoral donations), one court case in detail, and the super administrator's court cases of any CPF/CNPJ
 * (ProcessosJudiciais, DetalheProcesso) asked on a chosen company's contract (decision 82).
 */

/** pepOutrasRestricoes: sanctions (in force or not, as of today) and electoral donations of a CPF or CNPJ. */
export async function restrictions(deps: AppDeps, caller: TenantCaller, run: string, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  return personRecord(
    deps,
    caller,
    run,
    restrictionsAdapter,
    { source: 'pepOutrasRestricoes', documents: ['CPF', 'CNPJ'], request: (document) => ({ document }) },
    (a) => ({
      sanctions: (a?.sanctions ?? []).map((s) => ({ ...s, active: sanctionActive(s.endDate, today) })),
      electoralDonations: a?.electoralDonations ?? [],
    }),
  );
}

function detailView<T>(document: string, outcome: LookupOutcome<T>) {
  if (outcome.state === 'notConfigured') return { document, state: outcome.state, detail: null };
  const { data, ...meta } = outcome;
  return { document, ...meta, detail: data };
}

/** One court case of a person's table in detail (the provider's case id from the table). */
export async function caseDetail(deps: AppDeps, caller: TenantCaller, run: string, rawType: string, caseId: string) {
  // the person first: another company's ficha is a 404 whatever the type
  const ficha = await fichaOfRun(deps, caller, run);
  const type = caseTypeOf(rawType);
  const { document } = documentOf(ficha);
  const outcome = await lookup(
    deps,
    caller,
    courtCaseDetailAdapter,
    { caseId },
    { source: `${type}/detail`, fichaId: ficha.id, document, cacheKey: `detail:${caseId}` },
  );
  return detailView(document, outcome);
}

/** A CPF or CNPJ typed in any format, checked by its check digits (400 naming `run` otherwise). */
export function brazilDocument(raw: string): string {
  const doc = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if ((doc.length === 11 && isValidCpf(doc)) || (doc.length === 14 && isValidCnpj(doc))) return doc;
  throw recordsError('RECORD_DOCUMENT_INVALID', { field: 'run', params: { document: raw } });
}

/** The super administrator acting on a company's contract: its limit, cache and call log. */
async function onContract(deps: AppDeps, caller: Caller, companyId: string): Promise<TenantCaller> {
  await getCompany(deps, caller, companyId);
  return { ...caller, companyId };
}

/** ProcessosJudiciais/{run}: the Brazilian court cases of a CPF/CNPJ, paged (10, 25, 50). */
export async function processos(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  run: string,
  page: { limit: number; skip: number },
) {
  const document = brazilDocument(run);
  const onBehalf = await onContract(deps, caller, companyId);
  const outcome = await lookup(
    deps,
    onBehalf,
    courtCasesAdapter,
    { type: 'judiciaryBrazil', document },
    { source: 'ProcessosJudiciais', fichaId: null, document, cacheKey: `judiciaryBrazil:${document}` },
  );
  if (outcome.state === 'notConfigured') return { document, state: outcome.state, data: [], count: 0 };
  const all = outcome.data?.cases ?? [];
  return {
    document,
    state: outcome.state,
    cached: outcome.cached,
    sample: outcome.sample,
    fetchedAt: outcome.fetchedAt,
    data: all.slice(page.skip, page.skip + page.limit),
    count: all.length,
  };
}

/** DetalheProcesso/{idDetalhe}: one case of ProcessosJudiciais in detail. */
export async function processoDetail(deps: AppDeps, caller: Caller, companyId: string, run: string, caseId: string) {
  const document = brazilDocument(run);
  const onBehalf = await onContract(deps, caller, companyId);
  const outcome = await lookup(
    deps,
    onBehalf,
    courtCaseDetailAdapter,
    { caseId },
    { source: 'DetalheProcesso', fichaId: null, document, cacheKey: `detail:${caseId}` },
  );
  return detailView(document, outcome);
}
