import { defaultDocumentType, formatDocument, validateDocument } from './country-documents';

/**
 * The company's own tax id (the obliged subject's RUT in Chile, CNPJ in Brazil, the legal-person document of its
 * country elsewhere), as the UAF file and the company screen read it: one check for the server and the form.
 */
export function companyTaxIdType(country: string | null | undefined): string {
  return defaultDocumentType(country, 'legal');
}

export interface CompanyTaxIdCheck {
  type: string;
  valid: boolean;
  /** the stored form (RUT 12345678-5, CNPJ 14 characters) */
  normalized: string;
  /** the display form (RUT 12.345.678-5, CNPJ 00.000.000/0000-00) */
  formatted: string;
}

export function checkCompanyTaxId(country: string | null | undefined, value: string): CompanyTaxIdCheck {
  const type = companyTaxIdType(country);
  const v = validateDocument({ country, personType: 'legal', type, value });
  return { type, valid: v.valid, normalized: v.normalized, formatted: v.formatted };
}

/** The company's tax id for display, or '' when none is recorded. */
export function formatCompanyTaxId(country: string | null | undefined, stored: unknown): string {
  return typeof stored === 'string' && stored ? formatDocument(companyTaxIdType(country), stored) : '';
}
