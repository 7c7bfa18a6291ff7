import { DEFAULT_ALLEGATION_CATEGORIES } from '@regcheck/shared/schemas/allegations';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../../app/format/format';

/** A category as people read it: the default ones translated, a company's own as it wrote it. */
export function categoryLabel(t: TFunction, category: string): string {
  return (DEFAULT_ALLEGATION_CATEGORIES as readonly string[]).includes(category)
    ? t(`allegations:category.${category}`)
    : category;
}

export const STATUS_COLORS: Record<string, string> = {
  received: 'blue',
  acknowledged: 'cyan',
  investigating: 'orange',
  resolved: 'green',
  dismissed: 'gray',
};

/** '1,2 MB', '340 KB' in the page's notation (the one formatter) */
export function sizeText(bytes: number, locale: string): string {
  return formatBytes(bytes, locale);
}
