import { formatDate } from '@regcheck/shared/format/date';
import type { InspectionVerifyT } from '@regcheck/shared/schemas/forms';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * What /public/verify says of an inspector's file (issue 28), as whole sentences: what it is, when RegCheck made it
 * and whether it holds. Each sentence is one catalogue text ending with its own full stop; a company name that
 * already ends with one ("Comercial S.A.") does not get a second.
 */
export function inspectionVerifySentence(t: T, valid: boolean, inspection: InspectionVerifyT): string {
  const company = inspection.companyName.trim().replace(/\.+$/, '');
  const what =
    inspection.kind === 'customer'
      ? t('forms:verify.kindCustomer', { company })
      : t('forms:verify.kindPeriod', {
          company,
          from: formatDate(inspection.period?.from),
          to: formatDate(inspection.period?.to),
        });
  return [
    what,
    inspection.generatedAt ? t('forms:verify.generatedOn', { date: formatDate(inspection.generatedAt) }) : '',
    inspection.manifestKnown === false
      ? t('forms:verify.manifestUnknown')
      : t(valid ? 'forms:verify.inspectionOk' : 'forms:verify.inspectionBad'),
  ]
    .filter(Boolean)
    .join(' ');
}
