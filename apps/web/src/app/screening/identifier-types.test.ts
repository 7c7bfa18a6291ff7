import { resources } from '@regcheck/shared/locales/index';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { identifierKind, identifierTypeLabel } from './identifier-types';

describe('identifier types of the lists, in words', () => {
  it('folds each list’s own names of a document to one kind', () => {
    const cases: [string, string][] = [
      ['passport', 'passport'],
      ['Passport', 'passport'],
      ['passportNumber', 'passport'],
      ['Pasaporte', 'passport'],
      ['national-id', 'nationalId'],
      ['National Identification Number', 'nationalId'],
      ['Identification Number', 'nationalId'],
      ['Cedula No.', 'nationalId'],
      ['D.N.I.', 'nationalId'],
      ['id', 'nationalId'],
      ['idNumber', 'nationalId'],
      ['regnumber', 'registration'],
      ['Registration ID', 'registration'],
      ['registrationNumber', 'registration'],
      ['Business Registration Document #', 'registration'],
      ['Tax ID No.', 'taxId'],
      ['RFC', 'taxId'],
      ['NIT #', 'taxId'],
      ['innCode', 'taxId'],
      ['fiscalcode', 'taxId'],
      ['SSN', 'ssn'],
      ['Vessel Registration Identification', 'vessel'],
      ['imoNumber', 'vessel'],
      ['SWIFT/BIC', 'swift'],
      ['leiCode', 'lei'],
      ["Driver's License No.", 'license'],
      ['tradelicence', 'license'],
      ['cpf-partial', 'cpfPartial'],
      ['CPF', 'cpf'],
      ['CNPJ', 'cnpj'],
      ['RUT', 'rut'],
      ['Email Address', 'other'],
      ['Aircraft Construction Number', 'other'],
      ['', 'other'],
    ];
    for (const [type, kind] of cases) expect(identifierKind(type), type).toBe(kind);
  });

  it('never leaves an English code on a Spanish or Portuguese page', async () => {
    for (const lng of ['es', 'pt-BR'] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ resources: { [lng]: resources[lng] }, lng, defaultNS: 'common' });
      const t = ((k: string) => i18n.t(k)) as unknown as TFunction;
      for (const type of ['passport', 'national-id', 'regnumber', 'Email Address', 'id']) {
        const label = identifierTypeLabel(t, type);
        expect(label, `${lng} ${type}`).not.toMatch(/passport|national|regnumber|email|identifierType|^id$/i);
      }
    }
    const es = i18next.createInstance();
    await es.init({ resources: { es: resources.es }, lng: 'es', defaultNS: 'common' });
    const t = ((k: string) => es.t(k)) as unknown as TFunction;
    expect(identifierTypeLabel(t, 'passport')).toBe('Pasaporte');
    expect(identifierTypeLabel(t, 'regnumber')).toBe('Número de registro de la empresa');
    expect(identifierTypeLabel(t, 'national-id')).toBe('Documento nacional de identidad');
  });
});
