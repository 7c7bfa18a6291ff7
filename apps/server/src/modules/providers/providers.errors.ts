import type { ErrorCode } from '@regcheck/shared';
import { AppError, errorsOf } from '../../lib/errors';
import { urlProblem } from '../../lib/outbound-http';
import type { AppDeps } from '../../plugins/context';
import { SAMPLE_BASE_URL } from './providers.sample';

/** An error of the records family: its message lives in the `records` catalog (locales/<lang>/records.json). */
export const recordsError = errorsOf<ErrorCode>('records');

/**
 * A provider's address as saved by the super administrator: refused (400 OUTBOUND_URL_REFUSED on `baseUrl`) when
 * it points at a loopback, private, link-local or other internal address in any notation, or at a local name,
 * unless the operator allows that destination (OUTBOUND_ALLOW_PRIVATE). The built-in sample service is ours.
 */
export function checkProviderAddress(deps: AppDeps, baseUrl: string) {
  if (baseUrl === SAMPLE_BASE_URL) return;
  if (urlProblem(deps.config.outbound, baseUrl))
    throw new AppError('OUTBOUND_URL_REFUSED', { field: 'baseUrl', params: { field: 'baseUrl' } });
}
