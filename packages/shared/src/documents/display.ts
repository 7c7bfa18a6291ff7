import { formatCnpj, isValidCnpj } from './cnpj';
import { formatCpf, isValidCpf } from './cpf';
import { formatRut, isValidRut } from './rut';

/**
 * A document in its display format when its shape and check digits say what it is (RUT 12.345.678-5, CPF
 * 000.000.000-00, CNPJ 00.000.000/0000-00); anything else as stored. The one formatter for every screen and file
 * (the web's screens, the declaration PDFs).
 */
export function displayDni(dni: string | null | undefined): string {
  const d = (dni ?? '').trim();
  const bare = d.replace(/[.\s]/g, '');
  if (/^\d{7,8}-[\dkK]$/.test(bare) && isValidRut(bare)) return formatRut(bare);
  const digits = d.replace(/[.\-/\s]/g, '');
  if (/^\d{11}$/.test(digits) && isValidCpf(digits)) return formatCpf(digits);
  if (/^[\dA-Z]{12}\d{2}$/.test(digits) && isValidCnpj(digits)) return formatCnpj(digits);
  return d;
}
