import { describe, expect, it } from 'vitest';
import { fromForm, toForm, validateRules } from './business-rules';
import { COMPANY_TABS, companyTabOf, companyTabPath, generalTabOf } from './company-tabs';

describe('company edit tabs', () => {
  it('finds the tab of a path; the edit page itself and a user of the company belong to the profile', () => {
    const id = '2b1c6a0e-6f0c-4d4b-9a55-111111111111';
    expect(companyTabOf(`/regcheck/companies/${id}/edit`)).toBe('profile');
    expect(companyTabOf(`/regcheck/companies/${id}/edit/`)).toBe('profile');
    expect(companyTabOf(`/regcheck/companies/${id}/edit/editUser/abc`)).toBe('profile');
    expect(companyTabOf(`/regcheck/companies/${id}/edit/riskController/edit/ofac`)).toBe('riskController');
    expect(companyTabOf(`/regcheck/companies/${id}/edit/generalConfiguration/sso`)).toBe('generalConfiguration');
    expect(companyTabOf(`/regcheck/companies/${id}/edit/dofPannel`)).toBe('dofPannel');
    expect(companyTabPath(id, 'fileConfig')).toBe(`/regcheck/companies/${id}/edit/fileConfig`);
  });

  it('lists every tab of the spec, the ones other issues build included', () => {
    expect(COMPANY_TABS.map((t) => t.segment)).toEqual(
      expect.arrayContaining([
        'anexosFormularios',
        'businessRulesControl',
        'dofPannel',
        'fileConfig',
        'generalConfiguration',
        'profile',
        'reportsDashboard',
        'riskConfiguration',
        'riskController',
        'tagsConfiguration',
      ]),
    );
  });

  it('reads the general configuration sub-tab, data by default', () => {
    expect(generalTabOf('sso')).toBe('sso');
    expect(generalTabOf(undefined)).toBe('data');
    expect(generalTabOf('nope')).toBe('data');
  });
});

describe('business rules form', () => {
  const rules = {
    roeThresholdUsd: 10_000,
    ddOccasionalUsd: 15_000,
    ddWireUsd: 1_000,
    beneficialOwnerThreshold: 10,
    beneficialOwnerInclusive: true,
    declarationWindowDays: 365,
    screeningThreshold: 0.7,
    monitoringDay: 1,
    reviewYearsHigh: 1,
    reviewYearsMedium: 2,
    reviewYearsLow: 3,
    coafCashThresholdBrl: 50_000,
    coafNonOccurrence: false,
    pepYearsAfterOffice: 1,
  };

  it('shows the screening threshold as a percentage and sends it back as a fraction', () => {
    const form = toForm(rules);
    expect(form.screeningThresholdPercent).toBe(70);
    expect(fromForm({ ...form, screeningThresholdPercent: 85 }, 'CL').screeningThreshold).toBeCloseTo(0.85);
    const { coafCashThresholdBrl: _c, coafNonOccurrence: _n, ...chilean } = rules;
    expect(fromForm(form, 'CL')).toEqual(chilean);
  });

  it("saves only the rules of the company's country: no ROE nor wire-transfer amount for Brazil, no COAF for Chile (decision 159)", () => {
    const brazil = toForm({ ...rules, roeThresholdUsd: null, ddWireUsd: null });
    expect(brazil.roeThresholdUsd).toBe('');
    const saved = fromForm(brazil, 'BR');
    expect(saved).not.toHaveProperty('roeThresholdUsd');
    expect(saved).not.toHaveProperty('ddWireUsd');
    expect(saved).toMatchObject({ coafCashThresholdBrl: 50_000, ddOccasionalUsd: 15_000 });
    // an empty field of another country's rule is no error
    expect(validateRules(brazil, 'BR')).toEqual({});
    const chile = toForm({ ...rules, coafCashThresholdBrl: null, coafNonOccurrence: null });
    expect(fromForm(chile, 'CL')).not.toHaveProperty('coafCashThresholdBrl');
    expect(validateRules(chile, 'CL')).toEqual({});
  });

  it('names the field of each bad value', () => {
    const form = toForm(rules);
    expect(validateRules(form, 'CL')).toEqual({});
    // Brazil's PEP rule: never fewer than 5 years after office (decision 170)
    expect(validateRules({ ...form, pepYearsAfterOffice: 4 }, 'BR', 25, 5).pepYearsAfterOffice?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, pepYearsAfterOffice: 5 }, 'BR', 25, 5).pepYearsAfterOffice).toBeUndefined();
    expect(validateRules({ ...form, beneficialOwnerThreshold: 150 }, 'CL').beneficialOwnerThreshold?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, monitoringDay: 31 }, 'CL').monitoringDay?.params).toEqual({ min: 1, max: 28 });
    // the review periods: whole years from 1 to 10
    expect(validateRules({ ...form, reviewYearsHigh: 0 }, 'CL').reviewYearsHigh?.params).toEqual({ min: 1, max: 10 });
    expect(validateRules({ ...form, reviewYearsLow: 2.5 }, 'CL').reviewYearsLow?.key).toBe(
      'companyConfig:validation.integer',
    );
    expect(validateRules({ ...form, reviewYearsMedium: '' }, 'CL').reviewYearsMedium?.key).toBe(
      'admin:validation.number',
    );
    expect(validateRules({ ...form, declarationWindowDays: 1.5 }, 'CL').declarationWindowDays?.key).toBe(
      'companyConfig:validation.integer',
    );
    expect(validateRules({ ...form, roeThresholdUsd: '' }, 'CL').roeThresholdUsd?.key).toBe('admin:validation.number');
    // the due diligence thresholds: positive amounts in USD
    expect(validateRules({ ...form, ddOccasionalUsd: 0 }, 'CL').ddOccasionalUsd?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, ddWireUsd: '' }, 'CL').ddWireUsd?.key).toBe('admin:validation.number');
    expect(validateRules({ ...form, ddWireUsd: 1_000.5 }, 'CL')).toEqual({});
    // Brazil's COAF threshold in BRL: a positive amount
    expect(validateRules({ ...form, coafCashThresholdBrl: 0 }, 'BR').coafCashThresholdBrl?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, coafCashThresholdBrl: '' }, 'BR').coafCashThresholdBrl?.key).toBe(
      'admin:validation.number',
    );
    expect(fromForm({ ...form, coafCashThresholdBrl: '75000', coafNonOccurrence: true }, 'BR')).toMatchObject({
      coafCashThresholdBrl: 75_000,
      coafNonOccurrence: true,
    });
  });

  it("bounds the beneficial-owner threshold by the company's country (Brazil: 25%)", () => {
    const form = toForm(rules);
    expect(validateRules({ ...form, beneficialOwnerThreshold: 30 }, 'BR', 25).beneficialOwnerThreshold?.params).toEqual(
      {
        min: 0,
        max: 25,
      },
    );
    expect(validateRules({ ...form, beneficialOwnerThreshold: 25 }, 'BR', 25)).toEqual({});
    expect(validateRules({ ...form, beneficialOwnerThreshold: 30 }, 'CL')).toEqual({});
  });
});
