import { type Locale, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormSubjectT, FormTemplateConfigT } from '@regcheck/shared/schemas/forms';
import type { FormStep } from '../../db/tables/forms.types';
import { localDate, localTime } from '../../lib/business-days';

/**
 * The declaration PDF's words for what a reader must not see raw (issue 25 point 6): instants in the company's time
 * zone and the house format, links by their order instead of their ids, the form by its title and operation number.
 */

/** An instant as its reader reads it: the company's date and time, seconds, and which time it is ("hora de Chile"). */
export function pdfTime(locale: Locale, country: 'CL' | 'BR', d: Date) {
  return translate(locale, 'forms:pdf.at', {
    date: formatDate(localDate(country, d)),
    time: localTime(country, d, { seconds: true }),
    zone: translate(locale, `forms:pdf.zones.${country}`),
  });
}

/** The links of a form numbered in the order they first appear (n.º 1, n.º 2 after a resend): no id for a reader. */
export function linkNumbers(steps: FormStep[], signingLink: string | null) {
  const order: string[] = [];
  for (const id of [...steps.map((s) => s.linkId), signingLink]) if (id && !order.includes(id)) order.push(id);
  return (id: string | null | undefined) => (id ? order.indexOf(id) + 1 : 0);
}

/** Which declaration this is, in words: its title and, when it declares one, the operation's number. */
export function formReference(
  i: { subject?: FormSubjectT | null; template: FormTemplateConfigT },
  t: (k: string, p?: Record<string, unknown>) => string,
) {
  const op = i.subject?.operation;
  return op
    ? t('formOfOperation', { title: i.template.title, codigo: String(op.codigo).padStart(6, '0') })
    : i.template.title;
}
