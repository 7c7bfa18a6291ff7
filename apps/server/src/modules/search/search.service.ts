import { type IndividualSearchBody, type Locale, translate } from '@regcheck/shared';
import { defaultDocumentType, validateDocument } from '@regcheck/shared/documents/country-documents';
import type { z } from 'zod';
import { callerCompany } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { findCompany } from '../companies/companies.service';
import { getSourceView } from '../lists/lists.service';
import { checkLimit, recordSearch } from '../search-logs/search-logs.service';
import { listEntities, listKind, screen } from './screening.service';

/**
 * A document is checked as the ficha form checks it: against the country's document types and, for RUT, CPF and
 * CNPJ, the check digits; 400 naming the field otherwise (a document without a country is searched as given).
 */
function checkDocument(body: z.infer<typeof IndividualSearchBody>) {
  if (!body.dni || !body.country) return;
  const personType = body.personType ?? 'natural';
  const type = (body.documentType || defaultDocumentType(body.country, personType)).toUpperCase();
  const v = validateDocument({ country: body.country, personType, type, value: body.dni });
  if (v.valid) return;
  const code = v.error === 'DOCUMENT_TYPE_NOT_ALLOWED' ? 'DOCUMENT_TYPE_NOT_ALLOWED' : 'DOCUMENT_INVALID';
  const field = code === 'DOCUMENT_TYPE_NOT_ALLOWED' ? 'documentType' : 'dni';
  throw new AppError(code, {
    field,
    params: { field, dni: body.dni, document: type, personType, country: body.country },
    messageKey: `fichas:errors.${code}`,
  });
}

/**
 * POST /search/individual: screens a person or company by name and/or document against every list, writes the
 * search log (who, when, what, how many lists matched) and answers the results grouped by list. Beyond the
 * company's contracted monthly limit (company setting `requestLimit`) it answers 429 REQUEST_LIMIT_REACHED; a
 * caller without a company gets 403 FORBIDDEN.
 */
export async function individualSearch(
  deps: AppDeps,
  caller: Caller,
  body: z.infer<typeof IndividualSearchBody>,
  locale: Locale,
) {
  const companyId = callerCompany(caller);
  checkDocument(body);
  const company = await findCompany(deps.db, companyId);
  const limit = (company?.settings as { requestLimit?: number | null } | undefined)?.requestLimit;
  await checkLimit(deps, caller, limit);
  const result = await screen(deps, companyId, body);
  const name = [body.name, body.fatherName, body.motherName].filter(Boolean).join(' ') || null;
  const searchLogId = await recordSearch(deps, caller, limit, {
    name,
    dni: body.dni ?? null,
    personType: body.personType ?? null,
    country: body.country ?? null,
    query: body,
    total: result.total,
    coincidences: result.lists.filter((l) => l.coincidence).map((l) => l.listId),
  });
  return {
    ...result,
    searchLogId,
    dni: body.dni ?? null,
    personType: body.personType ?? null,
    message: result.total === 0 ? translate(locale, 'screening:noResults') : null,
  };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : [];
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * GET /screening/lists/{listId}/entries/{entityId}: the entry of a global list's version in force, whole, with the
 * list's name, kind and version. 404 LIST_ENTRY_NOT_FOUND for an entry no longer there and for the company lists.
 */
export async function entryDetail(deps: AppDeps, listId: string, entityId: string) {
  const source = await getSourceView(deps, listId);
  const [e] = await listEntities(deps, listId, [entityId]);
  if (!e) throw new AppError('LIST_ENTRY_NOT_FOUND');
  const extra = e.extra ?? {};
  return {
    listId,
    listName: source.name,
    kind: listKind(listId),
    entityId: e.id,
    schema: e.schema,
    names: e.names,
    identifiers: e.identifiers ?? [],
    birthDates: e.birthDates ?? [],
    countries: e.countries ?? [],
    programs: e.programs ?? [],
    addresses: strings(extra.addresses),
    listedOn: text(extra.listedOn),
    reference: text(extra.reference),
    remarks: e.remarks ?? null,
    version: source.currentVersion
      ? { label: source.currentVersion.label, activatedAt: source.currentVersion.activatedAt }
      : null,
    pep: typeof extra.pepLevel === 'number' ? pepOf(extra) : null,
  };
}

/** The office and expiration of an entry of the PEP register (its list keeps them in the entry's fields). */
function pepOf(extra: Record<string, unknown>) {
  return {
    level: Number(extra.pepLevel),
    position: text(extra.position),
    institution: text(extra.institution),
    officeStart: text(extra.officeStart),
    officeEnd: text(extra.officeEnd),
    expiration: text(extra.pepExpiration),
    primaryName: text(extra.primaryName),
    relation: text(extra.relation),
  };
}
