import { can, type PermissionSubject } from '@regcheck/shared/permissions';
import { DEFAULT_ROE_THRESHOLD_USD } from '@regcheck/shared/schemas/operations';

/** The kinds of transaction (shared with the ROE layout's codes). */
export { TRANSACTION_TYPES } from '@regcheck/shared/schemas/operations';

/** The path of the day's rate (the API client adds /api: never write it here). */
export function ratePath(fecha: string, divisa: string): string {
  return `/divisas/por-fecha?fecha=${encodeURIComponent(fecha)}&divisa=${encodeURIComponent(divisa)}`;
}

/**
 * What the officer is told while typing: the cash in USD at the day's rate, and whether the operation will be an
 * ROE (cash above the company's threshold, 10,000 USD by default). null when there is no cash or no rate yet.
 */
export function roePreview(
  cash: number,
  divisa: string,
  perUsd: number | null | undefined,
  threshold = DEFAULT_ROE_THRESHOLD_USD,
): { cashUsd: number; roe: boolean } | null {
  if (!(cash > 0)) return null;
  const usd = divisa === 'USD' ? cash : perUsd && perUsd > 0 ? cash / perUsd : null;
  if (usd === null) return null;
  return { cashUsd: Math.round(usd * 100) / 100, roe: usd > threshold };
}

/**
 * The ROE marks an operation shows (its ROE badge, and the cash waiting for its day's dollar rate): only to users
 * whose company has the ROE (the roeHistory key, Chile's; issue 23, point 3). A Brazilian company's user sees
 * neither.
 */
export function roeMarks(
  user: PermissionSubject,
  o: { roe: boolean; cashRatePending?: string | null },
): { roe: boolean; ratePending: string | null } {
  if (!can(user, 'roeHistory')) return { roe: false, ratePending: null };
  return { roe: o.roe, ratePending: o.cashRatePending ?? null };
}
