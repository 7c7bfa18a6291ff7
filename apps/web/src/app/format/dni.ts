import { formatCnpj, isValidCnpj } from '@regcheck/shared/documents/cnpj';
import { formatCpf, isValidCpf } from '@regcheck/shared/documents/cpf';
import { formatRut, isValidRut } from '@regcheck/shared/documents/rut';

/**
 * A document in its display format when its shape and check digits say what it is (RUT 12.345.678-5, CPF
 * 000.000.000-00, CNPJ 00.000.000/0000-00); anything else as stored. The one formatter for every feature.
 */
export function displayDni(dni: string | null | undefined): string {
  const d = (dni ?? '').trim();
  if (/^\d{7,8}-[\dkK]$/.test(d) && isValidRut(d)) return formatRut(d);
  if (/^\d{11}$/.test(d) && isValidCpf(d)) return formatCpf(d);
  if (/^[\dA-Z]{12}\d{2}$/.test(d) && isValidCnpj(d)) return formatCnpj(d);
  return d;
}
