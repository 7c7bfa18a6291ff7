import { countryName as catalogName, findCountry } from '../reference/index';

/**
 * A country's name in the reader's language ('CL' -> 'Chile'), as the country selectors name it (the shared
 * catalogue); a code the catalogue lacks by Intl's name for it, else the code itself. Used by the screens and by the
 * server's PDFs.
 */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  const found = findCountry(code);
  if (found) return catalogName(found, locale.startsWith('pt') ? 'pt' : locale.startsWith('en') ? 'en' : 'es');
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch (err) {
    if (err instanceof RangeError) return code;
    throw err;
  }
}
