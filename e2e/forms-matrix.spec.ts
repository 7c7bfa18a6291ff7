import { expect, test } from '@playwright/test';
import { defaultTemplate } from '../apps/server/src/modules/forms/forms.templates';
import { cnpjCheckDigits } from '../packages/shared/src/documents/cnpj';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { displayDni } from '../packages/shared/src/documents/display';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import type { FormTypeT } from '../packages/shared/src/schemas/forms';
import { catalogText as translate } from './support/catalog';
import {
  type Answer,
  createOperation,
  DESKTOP,
  enterSigner,
  FAKE_CAMERA,
  fillFromTemplate,
  linkIn,
  PHONE,
  sendForm,
  stamp,
  visitorSigns,
} from './support/form-visitor';

/**
 * Every form opens in every country (issue 25 point 1): each form type (DOF natural, DOF legal, BF, PEP) of each
 * demo company (Chile in Spanish, Brazil in Portuguese) goes from the e-mail's link to a signed PDF that the
 * verification page recognises, filled from the template that ships. On a phone (390x844) for every pair; on a
 * desktop for one pair per country (the desktop adds no path of its own, and the full matrix twice would double the
 * browser suite's share of these forms).
 */
test.use({ launchOptions: FAKE_CAMERA });
// the pairs are independent (an operation and a participant each): the workers share them
test.describe.configure({ mode: 'parallel' });
// each pair signs a whole declaration with two camera photos and checks the PDF three ways: at load 15 one took
// over 180 s (the ceiling for a hung call, not a speed figure)
test.setTimeout(360_000);

type Country = 'cl' | 'br';

const LOCALE = { cl: 'es', br: 'pt-BR' } as const;
const BROWSER_LOCALE = { cl: 'es-CL', br: 'pt-BR' } as const;
const CURRENCY = { cl: 'CLP', br: 'BRL' } as const;

const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '1');
function natural(country: Country) {
  if (country === 'cl') {
    const body = String(20_000_000 + Math.floor(Math.random() * 9_000_000));
    return formatRut(`${body}${rutCheckDigit(body)}`);
  }
  const base = `1${digits(8)}`;
  return `${base}${cpfCheckDigits(base)}`;
}
function legal(country: Country) {
  if (country === 'cl') {
    const body = String(76_000_000 + Math.floor(Math.random() * 999_999));
    return formatRut(`${body}${rutCheckDigit(body)}`);
  }
  const base = `${String(Math.floor(Math.random() * 89_999_999) + 10_000_000)}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
}

/** The answers of a form of a type, with the participant's document. */
function answersOf(type: FormTypeT, country: Country, dni: string, email: string): Record<string, Answer> {
  const cl = country === 'cl';
  const identity = {
    fullName: cl ? 'Ana María Pérez Muñoz' : 'Ana Maria Conceição',
    document: dni,
    nationality: cl ? 'Chilena' : 'Brasileira',
    address: cl ? 'Av. Providencia 1234, Santiago' : 'Rua das Flores 100, São Paulo',
    occupation: cl ? 'Ingeniera' : 'Engenheira',
    email,
  };
  const company = {
    businessName: cl ? 'Exportadora Ñandú SpA' : 'Comércio Aurora Ltda',
    document: dni,
    activity: cl ? 'Exportación de frutas' : 'Comércio varejista',
    address: cl ? 'Av. Apoquindo 4500, Las Condes' : 'Av. Paulista 1000, São Paulo',
    representativeName: cl ? 'José Tomás Araya' : 'João Souza',
    representativeDocument: natural(country),
  };
  const funds = {
    amount: cl ? 30_000_000 : 500_000,
    currency: CURRENCY[country],
    origin: type === 'formDOF' ? 'salary' : 'business',
    originDetail: cl ? 'Ahorros de remuneraciones de los últimos años' : 'Lucros da atividade dos últimos anos',
  };
  if (type === 'formDOF') return { ...identity, ...funds };
  if (type === 'formDOFLegal') return { ...company, ...funds };
  if (type === 'formBF') {
    return {
      ...company,
      owners: [{ name: cl ? 'María Núñez' : 'Maria Souza', document: natural(country), percentage: 60 }],
    };
  }
  return {
    fullName: identity.fullName,
    document: dni,
    nationality: identity.nationality,
    address: identity.address,
    isPep: 'no',
    isRelated: 'no',
  };
}

const CASES: { type: FormTypeT; country: Country; viewport: 'phone' | 'desktop' }[] = [];
for (const country of ['cl', 'br'] as const) {
  for (const type of ['formDOF', 'formDOFLegal', 'formBF', 'formPep'] as const) {
    CASES.push({ type, country, viewport: 'phone' });
  }
}
CASES.push({ type: 'formDOFLegal', country: 'cl', viewport: 'desktop' });
CASES.push({ type: 'formDOF', country: 'br', viewport: 'desktop' });

for (const { type, country, viewport } of CASES) {
  test(`${type} in ${country.toUpperCase()} on a ${viewport}: from the e-mail to a verified signed PDF, in the company's language`, async ({
    request,
    browser,
  }) => {
    const legalPerson = type === 'formDOFLegal' || type === 'formBF';
    const dni = legalPerson ? legal(country) : natural(country);
    const signerDocument = natural(country);
    const email = `${type.toLowerCase()}.${country}.${viewport}.${stamp()}@example.test`;
    const amount = country === 'cl' ? 30_000_000 : 500_000;
    const reference = `REF-${stamp()}`;
    const o = await createOperation(
      request,
      country,
      {
        dni,
        type: legalPerson ? 'legal' : 'natural',
        monto: amount,
        newFicha: legalPerson
          ? { socialReason: country === 'cl' ? 'Exportadora Ñandú SpA' : 'Comércio Aurora Ltda', email }
          : { name: 'Ana María', fatherName: country === 'cl' ? 'Pérez' : 'Conceição', email },
      },
      { divisa: CURRENCY[country], referenceNumber: reference },
    );
    await sendForm(request, country, o.id, 0, type);
    const link = await linkIn(email);

    const locale = LOCALE[country];
    const template = defaultTemplate(type, country === 'cl' ? 1 : 2, locale);
    const signed = await visitorSigns(browser, link, dni, {
      locale: BROWSER_LOCALE[country],
      viewport: viewport === 'phone' ? PHONE : DESKTOP,
      fill: async (p) => {
        // the page speaks the company's language, whatever the browser's
        await expect(p.getByRole('heading', { name: template.title })).toBeVisible();
        await expect(p.getByTestId('step-title')).toHaveText(translate(locale, 'forms:public.steps.fill'));
        // it names what it declares, and what the company already knows is filled in and marked so
        const codigo = String(o.codigo).padStart(6, '0');
        await expect(p.getByTestId('form-subject')).toContainText(
          translate(locale, 'forms:public.operation', { codigo }),
        );
        await expect(p.getByTestId('form-subject')).toContainText(reference);
        const nameKey = legalPerson ? 'businessName' : 'fullName';
        await expect(p.locator(`input[data-field="${nameKey}"]`)).toHaveAttribute('data-prefilled', 'true');
        await expect(p.locator(`input[data-field="${nameKey}"]`)).not.toHaveValue('');
        await fillFromTemplate(p, template, answersOf(type, country, dni, email));
      },
      // a company signs through a person: here one entered by hand (the known representative: forms-signer.spec.ts)
      signer: legalPerson
        ? (p) =>
            enterSigner(p, {
              name: country === 'cl' ? 'José Tomás Araya' : 'João Souza',
              document: signerDocument,
              capacity: translate(locale, 'forms:signer.capacities.attorney'),
            })
        : undefined,
    });
    if (legalPerson) {
      // the company's declaration names who signed for it, declared by the visitor
      expect(signed.text.replace(/\n/g, ' ')).toContain(
        translate(locale, 'forms:pdf.signedFor', {
          name: country === 'cl' ? 'José Tomás Araya' : 'João Souza',
          document: displayDni(signerDocument),
          capacity: translate(locale, 'forms:signer.capacities.attorney'),
          company: country === 'cl' ? 'Exportadora Ñandú SpA' : 'Comércio Aurora Ltda',
          companyDocument: displayDni(dni),
        }),
      );
    }
    // the PDF is the declaration of this template, in the company's language
    expect(signed.text).toContain(template.title);
    expect(signed.text).toContain(translate(locale, 'forms:pdf.auditTitle'));
    const declaration = (template.declaration ?? '').split(' ').slice(0, 6).join(' ');
    expect(signed.text.replace(/\n/g, ' ')).toContain(declaration);
    const flat = signed.text.replace(/\n/g, ' ');
    expect(flat).toContain(translate(locale, 'forms:pdf.subjectTitle'));
    expect(flat).toContain(String(o.codigo).padStart(6, '0'));
    expect(flat).toContain(reference);
    if (type === 'formDOF' || type === 'formDOFLegal') {
      const money = `${CURRENCY[country]} ${amount.toLocaleString('de-DE')}`;
      expect(flat).toContain(translate(locale, 'forms:pdf.amountSame', { amount: money }));
      const currencyLabel = template.sections.flatMap((s) => s.fields).find((f) => f.key === 'currency')?.label;
      // pre-filled from the operation, so marked (*)
      expect(signed.text).toContain(`${currencyLabel} (*): ${CURRENCY[country]}`);
    }
  });
}
