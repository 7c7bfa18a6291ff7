import type { Locale } from '@regcheck/shared';
import type { CommercialActivityRow } from '../../db/tables/company-config.tables';
import { AppError } from '../../lib/errors';
import { parseListFilter } from '../../lib/filter';
import type { AppDeps } from '../../plugins/context';
import * as repo from './company-config.repo';

/** A commercial activity with its name in the caller's language and in the three. */
export function toActivityView(a: CommercialActivityRow, locale: Locale) {
  return {
    id: a.id,
    code: a.code,
    name: locale === 'pt-BR' ? a.namePt : locale === 'en' ? a.nameEn : a.nameEs,
    nameEs: a.nameEs,
    namePt: a.namePt,
    nameEn: a.nameEn,
  };
}

const text = (v: unknown) => {
  if (typeof v === 'string') return v;
  const like = (v as { like?: unknown; ilike?: unknown } | null)?.ilike ?? (v as { like?: unknown } | null)?.like;
  return typeof like === 'string' ? like.replace(/%/g, '') : undefined;
};

/**
 * GET /commercial-activities?filter=: the catalogue in its order; `where` takes `code` (exact) and `name` (words of
 * the name in any language, also as `{ like }`); other fields are a 400 naming them.
 */
export async function listActivities(deps: AppDeps, rawFilter: string | undefined, locale: Locale) {
  const f = parseListFilter(rawFilter, { limit: 200 });
  const where = (f.where ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(where))
    if (k !== 'code' && k !== 'name')
      throw new AppError('VALIDATION_ERROR', {
        field: `where.${k}`,
        params: { field: `where.${k}`, reason: `unknown field '${k}'` },
      });
  const rows = await repo.listActivities(deps.db, {
    code: text(where.code),
    name: text(where.name)?.trim() || undefined,
    limit: f.limit,
    skip: f.skip,
  });
  return rows.map((r) => toActivityView(r, locale));
}
