import type { TFunction } from 'i18next';
import { countryName } from '../../../app/format/format';

/** The PEP register's countries as a filter's options, "all countries" (the empty value) first. */
export function countryFilterOptions(t: TFunction, language: string) {
  return [
    { value: '', label: t('platform:pep.list.allCountries') },
    ...(['CL', 'BR'] as const).map((c) => ({ value: c, label: countryName(c, language) })),
  ];
}
