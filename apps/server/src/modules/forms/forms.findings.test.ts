import { translate } from '@regcheck/shared';
import type { FormFindingT, FormSubjectT } from '@regcheck/shared/schemas/forms';
import { describe, expect, it } from 'vitest';
import { type FileFacts, findingsOf } from './forms.findings';

/*
 * Issue 25 point 3, each contradiction the check finds between the signed answers and the file, with the values it
 * names and its sentence in es, pt-BR and en (forms:findings): the document, the PEP answer both ways, the currency
 * and the amount of the operation, and the beneficial owners (missing, unknown, another percentage). What agrees is
 * no finding. The PEP denial and the amount are also checked end to end (forms.review.test.ts, forms.subject.test.ts).
 */

const file: FileFacts = { dni: '12345678-5', dniShown: '12.345.678-5', pepStatus: null };
const operation = (amount: number, currency = 'CLP'): FormSubjectT => ({
  operation: { codigo: 42, reference: null, date: '2026-03-14', amount, currency },
  entity: null,
  owners: null,
  prefilled: [],
});
const bf: FormSubjectT = {
  operation: null,
  entity: { name: 'Exportadora Ñandú SpA', document: '76.543.210-3' },
  owners: [
    { name: 'Rosa Vidal', document: '11.111.111-1', participation: 60 },
    { name: 'Tomás Vidal', document: '22.222.222-2', participation: 40 },
  ],
  prefilled: [],
};
const codes = (f: FormFindingT[]) => f.map((x) => x.code);
const words = (f: FormFindingT, locale: 'es' | 'pt-BR' | 'en') =>
  translate(locale, `forms:findings.${f.code}`, f.params as Record<string, unknown>);

describe('the signed answers checked against the file', () => {
  it('a document other than the ficha’s is listed with both; the same one written otherwise is not', () => {
    const [f] = findingsOf('formDOF', null, { document: '9.876.543-3' }, file);
    expect(f).toEqual({ code: 'documentDiffers', params: { declared: '9.876.543-3', known: '12.345.678-5' } });
    expect(words(f as FormFindingT, 'es')).toBe(
      'Documento declarado 9.876.543-3, distinto del de la ficha (12.345.678-5).',
    );
    expect(findingsOf('formDOF', null, { document: '12.345.678-5' }, file)).toEqual([]);
    expect(findingsOf('formDOF', null, { document: '123456785' }, file)).toEqual([]);
  });

  it('a PEP form: "yes" where the ficha is no PEP, "no" where it is one; agreeing answers are no finding', () => {
    const yes = findingsOf('formPep', null, { isPep: 'yes' }, file);
    expect(codes(yes)).toEqual(['pepDeclaredButFichaNot']);
    for (const locale of ['es', 'pt-BR', 'en'] as const)
      expect(words(yes[0] as FormFindingT, locale)).not.toMatch(/\{\{|forms:/);
    const no = findingsOf('formPep', null, { isPep: 'no', isRelated: 'no' }, { ...file, pepStatus: 'direct' });
    expect(no).toEqual([{ code: 'pepDeniedButFichaPep', params: { status: 'direct' } }]);
    expect(findingsOf('formPep', null, { isPep: 'yes' }, { ...file, pepStatus: 'direct' })).toEqual([]);
    expect(findingsOf('formPep', null, { isPep: 'no', isRelated: 'no' }, file)).toEqual([]);
  });

  it('a DOF: another currency and another amount than the operation’s, each named; the same ones are no finding', () => {
    const found = findingsOf('formDOF', operation(30_000_000), { currency: 'USD', amount: 25_000 }, file);
    expect(codes(found)).toEqual(['currencyDiffers', 'amountDiffers']);
    expect(found[0]?.params).toEqual({ declared: 'USD', operation: 'CLP' });
    expect(found[1]?.params).toEqual({ declared: 'USD 25.000', operation: 'CLP 30.000.000' });
    expect(words(found[0] as FormFindingT, 'en')).toMatch(/USD.*CLP/);
    expect(words(found[1] as FormFindingT, 'pt-BR')).toMatch(/USD 25\.000.*CLP 30\.000\.000/);
    expect(findingsOf('formDOFLegal', operation(30_000_000), { currency: 'CLP', amount: 30_000_000 }, file)).toEqual(
      [],
    );
    // a form that declares no operation compares nothing
    expect(findingsOf('formDOF', null, { currency: 'USD', amount: 1 }, file)).toEqual([]);
  });

  it('a BF: an owner left out, an owner not on record and another percentage are each listed; the same owners are not', () => {
    const found = findingsOf(
      'formBF',
      bf,
      {
        owners: [
          { name: 'Rosa Vidal', document: '11111111-1', percentage: 55 },
          { name: 'Pedro Soto', document: '33.333.333-3', percentage: 45 },
        ],
      },
      file,
    );
    expect(found).toEqual([
      {
        code: 'ownerPercentage',
        params: { name: 'Rosa Vidal', document: '11.111.111-1', declared: '55 %', known: '60 %' },
      },
      { code: 'ownerMissing', params: { name: 'Tomás Vidal', document: '22.222.222-2', known: '40 %' } },
      { code: 'ownerUnknown', params: { name: 'Pedro Soto', document: '33.333.333-3', declared: '45 %' } },
    ]);
    for (const f of found)
      for (const locale of ['es', 'pt-BR', 'en'] as const) {
        const s = words(f, locale);
        expect(s, `${f.code} ${locale}`).toContain(String(f.params.name));
        expect(s, `${f.code} ${locale}`).not.toMatch(/\{\{|forms:/);
      }
    const same = findingsOf(
      'formBF',
      bf,
      {
        owners: [
          { name: 'Rosa Vidal', document: '11.111.111-1', percentage: 60 },
          { name: 'Tomás Vidal', document: '22.222.222-2', percentage: 40 },
        ],
      },
      file,
    );
    expect(same).toEqual([]);
  });
});
