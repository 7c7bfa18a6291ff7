import type { PepMexicoAnswer, RegistryAnswer } from '@regcheck/shared/schemas/records';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { byDni, get as getFicha } from '../fichas';
import type { Adapter } from './providers.adapter';
import {
  BRAZIL_CASE_TYPES,
  CASE_TYPES,
  type CaseType,
  cnpjAdapter,
  courtCasesAdapter,
  cpfAdapter,
  pepMexicoAdapter,
} from './providers.adapters';
import { recordsError } from './providers.errors';
import { type LookupOutcome, lookup } from './providers.service';

/** The ficha's document as providers take it: letters and digits only, upper case. */
export function documentOf(ficha: { dni: string; dniType: { document: string } }) {
  return { document: ficha.dni.replace(/[^0-9A-Za-z]/g, '').toUpperCase(), type: ficha.dniType.document.toUpperCase() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person of a /home/records/{run}/ page: `run` is the ficha id or its document (RUT, CPF, CNPJ in any format). */
export function fichaOfRun(deps: AppDeps, caller: TenantCaller, run: string) {
  return UUID.test(run) ? getFicha(deps, caller, run) : byDni(deps, caller, run);
}

export function personOf(ficha: Awaited<ReturnType<typeof getFicha>>) {
  const name = [ficha.name, ficha.fatherName, ficha.motherName].filter(Boolean).join(' ');
  return { id: ficha.id, dni: ficha.dni, personType: ficha.personType, name: ficha.socialReason || name || ficha.dni };
}

/**
 * validadorCPF-CNPJ: the registry answer of the ficha's CPF (natural) or CNPJ (legal). A ficha with another
 * document (a RUT) answers 400: the registry is Brazilian.
 */
export async function registry(deps: AppDeps, caller: TenantCaller, run: string) {
  const ficha = await fichaOfRun(deps, caller, run);
  const fichaId = ficha.id;
  const { document, type } = documentOf(ficha);
  const ctx = { source: 'validadorCPF-CNPJ', fichaId, document, cacheKey: document };
  let outcome: LookupOutcome<RegistryAnswer>;
  if (type === 'CPF' && /^\d{11}$/.test(document))
    outcome = await lookup(deps, caller, cpfAdapter, { cpf: document }, ctx);
  else if (type === 'CNPJ' && /^[0-9A-Z]{12}\d{2}$/.test(document))
    outcome = await lookup(deps, caller, cnpjAdapter, { cnpj: document }, ctx);
  else throw recordsError('RECORD_DOCUMENT_MISMATCH', { field: 'run', params: { document: type } });
  return { person: personOf(ficha), ...outcome };
}

/** Whether a path segment is one of the court-case tables ('Tipo de causa no válido' otherwise). */
export function caseTypeOf(value: string): CaseType {
  if (!(CASE_TYPES as readonly string[]).includes(value)) throw recordsError('INVALID_CASE_TYPE', { field: 'type' });
  return value as CaseType;
}

/**
 * A court-case table of a person: the whole answer is looked up (and cached 24 h) once, then paged here (10, 25 or
 * 50 a page). The Chilean tables search a RUT, judiciaryBrazil a CPF or CNPJ.
 */
export async function courtCases(
  deps: AppDeps,
  caller: TenantCaller,
  run: string,
  rawType: string,
  page: { limit: number; skip: number },
) {
  const type = caseTypeOf(rawType);
  const ficha = await fichaOfRun(deps, caller, run);
  const fichaId = ficha.id;
  const { document, type: docType } = documentOf(ficha);
  const brazil = BRAZIL_CASE_TYPES.includes(type);
  if (brazil ? !['CPF', 'CNPJ'].includes(docType) : docType !== 'RUT')
    throw recordsError('RECORD_DOCUMENT_MISMATCH', { field: 'run', params: { document: docType } });
  const outcome = await lookup(
    deps,
    caller,
    courtCasesAdapter,
    { type, document },
    { source: type, fichaId, document, cacheKey: `${type}:${document}` },
  );
  const person = personOf(ficha);
  if (outcome.state === 'notConfigured') return { person, type, state: outcome.state, data: [], count: 0 };
  const all = outcome.data?.cases ?? [];
  return {
    person,
    type,
    state: outcome.state,
    cached: outcome.cached,
    sample: outcome.sample,
    fetchedAt: outcome.fetchedAt,
    data: all.slice(page.skip, page.skip + page.limit),
    count: all.length,
  };
}

/**
 * pepMexico: the PEP Mexico matches of the person's full name (or company name), best match first, cached 24 h per
 * person. Not found is an empty list.
 */
export async function pepMexico(deps: AppDeps, caller: TenantCaller, run: string) {
  const ficha = await fichaOfRun(deps, caller, run);
  const person = personOf(ficha);
  const { document } = documentOf(ficha);
  const outcome: LookupOutcome<PepMexicoAnswer> = await lookup(
    deps,
    caller,
    pepMexicoAdapter,
    { name: person.name },
    { source: 'pepMexico', fichaId: ficha.id, document, cacheKey: document },
  );
  if (outcome.state === 'notConfigured') return { person, state: outcome.state, matches: [] };
  return {
    person,
    state: outcome.state,
    cached: outcome.cached,
    sample: outcome.sample,
    fetchedAt: outcome.fetchedAt,
    matches: outcome.data?.matches ?? [],
  };
}

export type DocumentType = 'RUT' | 'CPF' | 'CNPJ';

/**
 * A per-person record page's lookup: the person of `run`, whose document must be one of `documents` (400
 * otherwise), asked of the adapter (24 h cache, limit, log) and shaped by `pick` (which also gets `null` when the
 * provider is not configured or found nothing).
 */
export async function personRecord<Req, Ans, V extends object>(
  deps: AppDeps,
  caller: TenantCaller,
  run: string,
  adapter: Adapter<Req, Ans>,
  opts: {
    source: string;
    documents: readonly DocumentType[];
    request: (document: string) => Req;
    /** where the answer is cached under the provider (the document by default) */
    cacheKey?: (document: string) => string;
  },
  pick: (answer: Ans | null) => V,
) {
  const ficha = await fichaOfRun(deps, caller, run);
  const person = personOf(ficha);
  const { document, type } = documentOf(ficha);
  if (!(opts.documents as readonly string[]).includes(type))
    throw recordsError('RECORD_DOCUMENT_MISMATCH', { field: 'run', params: { document: type } });
  const outcome = await lookup(deps, caller, adapter, opts.request(document), {
    source: opts.source,
    fichaId: ficha.id,
    document,
    cacheKey: opts.cacheKey?.(document) ?? document,
  });
  if (outcome.state === 'notConfigured') return { person, state: outcome.state, ...pick(null) };
  return {
    person,
    state: outcome.state,
    cached: outcome.cached,
    sample: outcome.sample,
    fetchedAt: outcome.fetchedAt,
    ...pick(outcome.data),
  };
}
