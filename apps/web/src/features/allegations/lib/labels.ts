import { CATALOGUE_ALLEGATION_CATEGORIES } from '@regcheck/shared/schemas/allegations';
import type { TFunction } from 'i18next';

/** A category as people read it: the default ones translated, a company's own as it wrote it. */
export function categoryLabel(t: TFunction, category: string): string {
  return CATALOGUE_ALLEGATION_CATEGORIES.includes(category) ? t(`allegations:category.${category}`) : category;
}

export const STATUS_COLORS: Record<string, string> = {
  received: 'blue',
  acknowledged: 'cyan',
  investigating: 'orange',
  resolved: 'green',
  dismissed: 'gray',
};
