import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocaleOf } from './dates-locale';

/** Mantine's dates in the page's language (and weeks starting on Monday, as in Chile and Brazil). */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: dayjsLocaleOf(i18n.language), firstDayOfWeek: 1 }}>{children}</DatesProvider>
  );
}
