import { type Locale, translate } from '@regcheck/shared';
import { CATALOGUE_ALLEGATION_CATEGORIES } from '@regcheck/shared/schemas/allegations';

/** A category as people read it: the default ones translated, a company's own as it wrote it. */
export function categoryLabel(locale: Locale, category: string) {
  return CATALOGUE_ALLEGATION_CATEGORIES.includes(category)
    ? translate(locale, `allegations:category.${category}`)
    : category;
}

export const statusLabel = (locale: Locale, status: string) => translate(locale, `allegations:status.${status}`);
