import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';

/** The dayjs locale of an interface language: month and weekday names of the date pickers follow the page. */
export function dayjsLocaleOf(language: string): 'es' | 'pt-br' | 'en' {
  if (language.toLowerCase().startsWith('pt')) return 'pt-br';
  if (language.toLowerCase().startsWith('es')) return 'es';
  return 'en';
}
