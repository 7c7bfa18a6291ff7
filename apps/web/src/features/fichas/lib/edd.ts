import { countryName } from '../../../app/format/format';
import type { EddReasonT } from '../api/fichas-api';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * One reason a ficha requires enhanced due diligence, as a sentence of the page's language: "It is a politically
 * exposed person (PEP)", "It is related to a politically exposed person: <name>", "Nationality in a country on the
 * FATF “call for action” list: Iran".
 */
export function eddReasonSentence(r: EddReasonT, t: T, locale: string): string {
  switch (r.kind) {
    case 'pep':
      return t(r.status === 'direct' ? 'fichas:edd.reasons.pepDirect' : 'fichas:edd.reasons.pepConsanguineous');
    case 'relatedPep':
      return t('fichas:edd.reasons.relatedPep', { name: r.name });
    case 'fatfCountry':
      return t('fichas:edd.reasons.fatfCountry', {
        field: t(`fichas:edd.fields.${r.field}`),
        list: t(`fichas:edd.lists.${r.list}`),
        country: countryName(r.country, locale),
      });
  }
}

/** What the panel shows: nothing (never required, nothing recorded), the open or completed diligence, or a kept one. */
export function eddPanelState(e: {
  required: boolean;
  status: 'open' | 'completed';
  sourceOfFunds: string | null;
  sourceOfWealth: string | null;
  approvedAt: string | null;
}): 'hidden' | 'open' | 'completed' | 'notRequired' {
  if (e.required) return e.status === 'completed' ? 'completed' : 'open';
  return e.sourceOfFunds || e.sourceOfWealth || e.approvedAt ? 'notRequired' : 'hidden';
}
