import type { RiskConfigurationT } from '@regcheck/shared/schemas/fichas';
import { describe, expect, it } from 'vitest';
import {
  toPayload as companyBodyOf,
  companyFieldOf,
  toFormValues as companyFormOf,
  emptyCompanyForm,
  validate as validateCompanyForm,
} from './company-form';
import {
  countryLabel,
  countryLanguageOf,
  countryOptions,
  errorAt,
  normalizeCodes,
  numberOf,
  serverFieldPath,
  setAt,
  validateRiskConfiguration,
  weightsSum,
} from './risk-config';

/** The shape of the server's default model (apps/server/src/modules/risk/risk.model.ts), lists shortened. */
const base: RiskConfigurationT = {
  weights: { customerType: 1, pep: 3, activity: 2, income: 1, geography: 2, lists: 3, related: 1 },
  cutoffs: { medium: 1.3, high: 2.0 },
  customerType: { natural: 1, legal: 2 },
  pep: { direct: 3, consanguineous: 2.5, none: 1 },
  highRiskActivities: ['casino'],
  mediumRiskActivities: ['abogad'],
  incomeBands: [
    { min: 2_500_000, score: 3 },
    { min: 1_500_000, score: 2 },
    { min: 0, score: 1 },
  ],
  fatfCallForAction: ['KP', 'IR', 'MM'],
  fatfIncreasedMonitoring: ['VE'],
  preferentialTaxRegimes: ['PA'],
  geographyScores: { increasedMonitoring: 3, preferentialTax: 3, other: 1 },
  sanctionLists: ['ofac'],
  pepLists: ['pep'],
  listScores: { sanction: 3, pep: 3, other: 2, none: 1 },
  forceHighUnresolvedBeneficialOwner: true,
  asOf: '2026-02-27',
};

describe('company form', () => {
  it('requires a name and a known ISO2 country', () => {
    expect(validateCompanyForm(emptyCompanyForm())).toEqual({
      name: 'admin:validation.required',
      country: 'admin:validation.required',
    });
    expect(validateCompanyForm({ ...emptyCompanyForm(), name: '  ', country: 'XX' })).toEqual({
      name: 'admin:validation.required',
      country: 'admin:validation.country',
    });
    expect(validateCompanyForm({ ...emptyCompanyForm(), name: 'a'.repeat(201), country: 'CL' })).toEqual({
      name: 'admin:validation.nameTooLong',
    });
    expect(validateCompanyForm({ ...emptyCompanyForm(), name: 'Banco Uno', country: 'BR' })).toEqual({});
  });

  it('builds the body: trimmed name, upper-case country, language only when chosen', () => {
    expect(companyBodyOf({ ...emptyCompanyForm(), name: ' Banco ', country: 'cl' })).toEqual({
      name: 'Banco',
      country: 'CL',
      massiveBulks: false,
      allegationsChannelStatus: 'inactive',
      settings: { taxId: '' },
    });
    expect(companyBodyOf({ ...emptyCompanyForm(), name: 'B', country: 'BR', language: 'br' }).language).toBe('br');
  });

  it('reads an existing company into the form', () => {
    expect(
      companyFormOf({
        name: 'X',
        country: 'Brasil',
        language: 'br',
        massiveBulks: true,
        allegationsChannelStatus: 'active',
      }),
    ).toEqual({
      name: 'X',
      country: 'BR',
      language: 'br',
      massiveBulks: true,
      allegationsChannelStatus: 'active',
      taxId: '',
    });
    expect(
      companyFormOf({ name: 'X', country: 'CL', language: '??', massiveBulks: false, allegationsChannelStatus: 'x' }),
    ).toMatchObject({ language: '', allegationsChannelStatus: 'inactive' });
  });

  it('maps a server error field to a form field', () => {
    expect(companyFieldOf('name')).toBe('name');
    expect(companyFieldOf('/country')).toBe('country');
    expect(companyFieldOf('body.language')).toBe('language');
    expect(companyFieldOf('settings.x')).toBeNull();
    expect(companyFieldOf(undefined)).toBeNull();
  });
});

describe('risk configuration helpers', () => {
  it('the defaults are valid', () => {
    expect(validateRiskConfiguration(base)).toEqual({});
  });

  it('sums the weights, counting an empty input as 0', () => {
    expect(weightsSum(base.weights)).toBe(13);
    expect(weightsSum({ a: 0.1, b: 0.2, c: Number.NaN })).toBe(0.3);
  });

  it('reads number inputs; cleared becomes NaN and fails validation', () => {
    expect(numberOf(2)).toBe(2);
    expect(numberOf('1,5')).toBe(1.5);
    expect(numberOf('')).toBeNaN();
    const errors = validateRiskConfiguration(setAt(base, 'cutoffs.medium', Number.NaN));
    expect(errors['cutoffs.medium']?.key).toBe('admin:validation.number');
  });

  it('sets a value at a dotted path without touching the original', () => {
    const next = setAt(base, 'incomeBands.1.score', 5);
    expect(next.incomeBands[1]?.score).toBe(5);
    expect(base.incomeBands[1]?.score).toBe(2);
    expect(next.incomeBands[0]).toBe(base.incomeBands[0]);
    expect(Array.isArray(next.incomeBands)).toBe(true);
    expect(setAt(base, 'cutoffs.high', 2.5).cutoffs).toEqual({ medium: 1.3, high: 2.5 });
  });

  it('rejects negative weights (schema min 0), all-zero weights and crossed cut-offs', () => {
    expect(validateRiskConfiguration(setAt(base, 'weights.pep', -1))['weights.pep']).toEqual({
      key: 'admin:validation.min',
      params: { min: 0 },
    });
    const zero = { ...base, weights: Object.fromEntries(Object.keys(base.weights).map((k) => [k, 0])) };
    expect(validateRiskConfiguration(zero).weights?.key).toBe('admin:validation.weightsZero');
    expect(validateRiskConfiguration(setAt(base, 'cutoffs.high', 1.3))['cutoffs.high']?.key).toBe(
      'admin:validation.cutoffOrder',
    );
  });

  it('reads the server field path and prefers the server message', () => {
    expect(serverFieldPath('cutoffs.high')).toBe('cutoffs.high');
    expect(serverFieldPath('/weights/pep')).toBe('weights.pep');
    expect(serverFieldPath('body')).toBeNull();
    expect(serverFieldPath(undefined)).toBeNull();
    const t = (k: string) => `t(${k})`;
    const client = { a: { key: 'admin:validation.invalid' } };
    expect(errorAt('a', client, { a: 'server says' }, t)).toBe('server says');
    expect(errorAt('a', client, {}, t)).toBe('t(admin:validation.invalid)');
    expect(errorAt('b', client, {}, t)).toBeUndefined();
  });

  it('country options and codes', () => {
    expect(normalizeCodes(['kp', 'KP', ' ir ', ''])).toEqual(['KP', 'IR']);
    const options = countryOptions('es', ['ZZ']);
    expect(options[0]).toEqual({ value: 'ZZ', label: 'ZZ' });
    expect(options[1]).toEqual({ value: 'CL', label: 'Chile' });
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(countryLabel('BR', 'pt')).toBe('Brasil');
    expect(countryLabel('BR', 'en')).toBe('Brazil');
    expect(countryLabel('QQ', 'es')).toBe('QQ');
    expect(countryLanguageOf('pt-BR')).toBe('pt');
    expect(countryLanguageOf('en')).toBe('en');
    expect(countryLanguageOf('es')).toBe('es');
  });
});

describe("the company's tax id in the company form", () => {
  const base = { ...emptyCompanyForm(), name: 'Demo SpA', country: 'CL' };
  it("is checked by the check digits of the country's document, and may be left empty", () => {
    expect(validateCompanyForm({ ...base, taxId: '76.086.428-4' }).taxId).toBe('admin:validation.taxId');
    expect(validateCompanyForm({ ...base, taxId: '76.086.428-5' }).taxId).toBeUndefined();
    expect(validateCompanyForm({ ...base, taxId: '' }).taxId).toBeUndefined();
    expect(validateCompanyForm({ ...base, country: 'BR', taxId: '76.086.428-5' }).taxId).toBe('admin:validation.taxId');
    expect(validateCompanyForm({ ...base, country: 'BR', taxId: '11.222.333/0001-81' }).taxId).toBeUndefined();
  });

  it('is shown in its display form, sent in the settings, and a server error on it lands under it', () => {
    const values = companyFormOf({
      name: 'Demo SpA',
      country: 'CL',
      language: 'es',
      massiveBulks: false,
      allegationsChannelStatus: 'active',
      settings: { taxId: '76086428-5' },
    });
    expect(values.taxId).toBe('76.086.428-5');
    expect(companyBodyOf(values).settings).toEqual({ taxId: '76.086.428-5' });
    expect(companyFieldOf('settings.taxId')).toBe('taxId');
  });
});
