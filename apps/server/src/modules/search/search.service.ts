import { type IndividualSearchBody, type Locale, translate } from '@regcheck/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { checkLimit, recordSearch } from '../search-logs/search-logs.service';
import { screen } from './screening.service';
import { companySettings } from './search.repo';

/**
 * POST /search/individual: screens a person or company by name and/or document against every list, writes the
 * search log (who, when, what, how many lists matched) and answers the results grouped by list. Beyond the
 * company's contracted monthly limit it answers 429 REQUEST_LIMIT_REACHED.
 */
export async function individualSearch(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof IndividualSearchBody>,
  locale: Locale,
) {
  if (!auth.companyId) throw new AppError('FORBIDDEN');
  const settings = await companySettings(deps.db, auth.companyId);
  await checkLimit(deps, auth, settings.requestLimit);
  const result = await screen(deps, auth.companyId, body);
  const name = [body.name, body.fatherName, body.motherName].filter(Boolean).join(' ') || null;
  const searchLogId = await recordSearch(deps, auth, settings.requestLimit, {
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
