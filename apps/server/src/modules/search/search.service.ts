import { type IndividualSearchBody, type Locale, translate } from '@regcheck/shared';
import type { z } from 'zod';
import { callerCompany } from '../../lib/crud';
import type { AppDeps, Caller } from '../../plugins/context';
import { findCompany } from '../companies/companies.service';
import { checkLimit, recordSearch } from '../search-logs/search-logs.service';
import { screen } from './screening.service';

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
