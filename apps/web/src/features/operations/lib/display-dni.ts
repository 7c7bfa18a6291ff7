import { formatCnpj, isValidCnpj } from '@regcheck/shared/documents/cnpj';
import { formatCpf, isValidCpf } from '@regcheck/shared/documents/cpf';
import { formatRut, isValidRut } from '@regcheck/shared/documents/rut';

/**
 * A participant's document in its display format when its shape and check digits say what it is (RUT
 * 12.345.678-5, CPF 000.000.000-00, CNPJ 00.000.000/0000-00); anything else as stored.
 */
export function displayDni(dni: string): string {
  if (/^\d{7,8}-[\dkK]$/.test(dni) && isValidRut(dni)) return formatRut(dni);
  if (/^\d{11}$/.test(dni) && isValidCpf(dni)) return formatCpf(dni);
  if (/^[\dA-Z]{12}\d{2}$/.test(dni) && isValidCnpj(dni)) return formatCnpj(dni);
  return dni;
}
