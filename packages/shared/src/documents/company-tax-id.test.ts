import { describe, expect, it } from 'vitest';
import { checkCompanyTaxId, formatCompanyTaxId } from './company-tax-id';

describe("the company's tax id", () => {
  it('is a RUT in Chile, checked by its check digit and stored without dots', () => {
    expect(checkCompanyTaxId('CL', '76.086.428-5')).toEqual({
      type: 'RUT',
      valid: true,
      normalized: '76086428-5',
      formatted: '76.086.428-5',
    });
    expect(checkCompanyTaxId('CL', '76.086.428-4').valid).toBe(false);
  });

  it('is a CNPJ in Brazil, checked by its two check digits', () => {
    const ok = checkCompanyTaxId('BR', '11.222.333/0001-81');
    expect(ok).toMatchObject({ type: 'CNPJ', valid: true, normalized: '11222333000181' });
    expect(checkCompanyTaxId('BR', '11.222.333/0001-80').valid).toBe(false);
  });

  it('shows nothing when none is recorded, and the display form otherwise', () => {
    expect(formatCompanyTaxId('CL', undefined)).toBe('');
    expect(formatCompanyTaxId('CL', '76086428-5')).toBe('76.086.428-5');
  });
});
