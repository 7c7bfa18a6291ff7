import { type Locale, localeOf } from '@regcheck/shared';
import { renderFormPdf } from './forms.pdf';
import { defaultTemplate } from './forms.templates';
import { dniHint } from './forms.view';

/**
 * /public/example (spec 000 §2, 001 §2 "example page"): what a participant receives, filled with a fictional person
 * and no company's data — the default DOF of Chile in the visitor's language, its answers and the PDF it becomes
 * (unsigned, marked as a preview). Made once per language and kept.
 */

const PERSON = { name: 'María Ejemplo Ficticia', dni: '11.111.111-1' };
const ANSWERS: Record<Locale, Record<string, unknown>> = {
  es: {
    fullName: PERSON.name,
    document: PERSON.dni,
    nationality: 'Chilena',
    address: 'Calle Ejemplo 123, Santiago',
    occupation: 'Diseñadora',
    email: 'maria@example.com',
    amount: 2_500_000,
    currency: 'CLP',
    origin: 'salary',
    originDetail: 'Ahorro de remuneraciones de los últimos dos años.',
  },
  'pt-BR': {
    fullName: PERSON.name,
    document: PERSON.dni,
    nationality: 'Chilena',
    address: 'Rua Exemplo 123, Santiago',
    occupation: 'Designer',
    email: 'maria@example.com',
    amount: 2_500_000,
    currency: 'CLP',
    origin: 'salary',
    originDetail: 'Poupança de salários dos últimos dois anos.',
  },
  en: {
    fullName: PERSON.name,
    document: PERSON.dni,
    nationality: 'Chilean',
    address: '123 Example Street, Santiago',
    occupation: 'Designer',
    email: 'maria@example.com',
    amount: 2_500_000,
    currency: 'CLP',
    origin: 'salary',
    originDetail: 'Savings from salary over the last two years.',
  },
};
const COMPANY: Record<Locale, string> = {
  es: 'Empresa de ejemplo',
  'pt-BR': 'Empresa de exemplo',
  en: 'Example company',
};

const made = new Map<Locale, Promise<{ pdf: Buffer }>>();

export async function sample(lang: string, publicUrl: string) {
  const locale = localeOf(lang);
  const template = defaultTemplate('formDOF', 1, locale);
  const data = ANSWERS[locale];
  let pdf = made.get(locale);
  if (!pdf) {
    pdf = renderFormPdf({
      formId: '00000000-0000-4000-8000-000000000000',
      locale,
      country: locale === 'pt-BR' ? 'BR' : 'CL',
      verifyUrl: `${publicUrl}/public/verify`,
      companyName: COMPANY[locale],
      name: PERSON.name,
      dni: PERSON.dni,
      template,
      data,
      photo: null,
      idPhoto: null,
      signature: null,
      steps: [],
      linkId: null,
      signedAt: new Date('2026-01-15T12:00:00Z'),
      draft: true,
    });
    made.set(locale, pdf);
  }
  return { template, data, name: PERSON.name, dniHint: dniHint(PERSON.dni), pdf: (await pdf).pdf };
}
