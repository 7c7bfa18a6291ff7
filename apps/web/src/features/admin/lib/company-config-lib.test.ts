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
    expect(fromForm({ ...form, screeningThresholdPercent: 85 }).screeningThreshold).toBeCloseTo(0.85);
    expect(fromForm(form)).toEqual(rules);
  });

  it('names the field of each bad value', () => {
    const form = toForm(rules);
    expect(validateRules(form)).toEqual({});
    // Brazil's PEP rule: never fewer than 5 years after office (decision 170)
    expect(validateRules({ ...form, pepYearsAfterOffice: 4 }, 25, 5).pepYearsAfterOffice?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, pepYearsAfterOffice: 5 }, 25, 5).pepYearsAfterOffice).toBeUndefined();
    expect(validateRules({ ...form, beneficialOwnerThreshold: 150 }).beneficialOwnerThreshold?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, monitoringDay: 31 }).monitoringDay?.params).toEqual({ min: 1, max: 28 });
    // the review periods: whole years from 1 to 10
    expect(validateRules({ ...form, reviewYearsHigh: 0 }).reviewYearsHigh?.params).toEqual({ min: 1, max: 10 });
    expect(validateRules({ ...form, reviewYearsLow: 2.5 }).reviewYearsLow?.key).toBe(
      'companyConfig:validation.integer',
    );
    expect(validateRules({ ...form, reviewYearsMedium: '' }).reviewYearsMedium?.key).toBe('admin:validation.number');
    expect(validateRules({ ...form, declarationWindowDays: 1.5 }).declarationWindowDays?.key).toBe(
      'companyConfig:validation.integer',
    );
    expect(validateRules({ ...form, roeThresholdUsd: '' }).roeThresholdUsd?.key).toBe('admin:validation.number');
    // the due diligence thresholds: positive amounts in USD
    expect(validateRules({ ...form, ddOccasionalUsd: 0 }).ddOccasionalUsd?.key).toBe('companyConfig:validation.range');
    expect(validateRules({ ...form, ddWireUsd: '' }).ddWireUsd?.key).toBe('admin:validation.number');
    expect(validateRules({ ...form, ddWireUsd: 1_000.5 })).toEqual({});
    // Brazil's COAF threshold in BRL: a positive amount
    expect(validateRules({ ...form, coafCashThresholdBrl: 0 }).coafCashThresholdBrl?.key).toBe(
      'companyConfig:validation.range',
    );
    expect(validateRules({ ...form, coafCashThresholdBrl: '' }).coafCashThresholdBrl?.key).toBe(
      'admin:validation.number',
    );
    expect(fromForm({ ...form, coafCashThresholdBrl: '75000', coafNonOccurrence: true })).toMatchObject({
      coafCashThresholdBrl: 75_000,
      coafNonOccurrence: true,
    });
  });

  it("bounds the beneficial-owner threshold by the company's country (Brazil: 25%)", () => {
    const form = toForm(rules);
    expect(validateRules({ ...form, beneficialOwnerThreshold: 30 }, 25).beneficialOwnerThreshold?.params).toEqual({
      min: 0,
      max: 25,
    });
    expect(validateRules({ ...form, beneficialOwnerThreshold: 25 }, 25)).toEqual({});
    expect(validateRules({ ...form, beneficialOwnerThreshold: 30 })).toEqual({});
  });
});
