import { type IndividualSearchBody, type Locale, translate } from '@regcheck/shared';
import { defaultDocumentType, validateDocument } from '@regcheck/shared/documents/country-documents';
import type { z } from 'zod';
import { callerCompany } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { findCompany } from '../companies';
import { entryDetailOf, getSourceView } from '../lists';
import { checkLimit, recordSearch } from '../search-logs';
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

/**
 * GET /screening/lists/{listId}/entries/{entityId}: the entry of a global list's version in force, whole, with the
 * list's name, kind and version. 404 LIST_ENTRY_NOT_FOUND for an entry no longer there and for the company lists.
 */
export async function entryDetail(deps: AppDeps, listId: string, entityId: string) {
  const source = await getSourceView(deps, listId);
  const [e] = await listEntities(deps, listId, [entityId]);
  if (!e) throw new AppError('LIST_ENTRY_NOT_FOUND');
  return entryDetailOf(source, listKind(listId), e);
}
