/** Consultation codes are shown padded to 6 digits ('42' -> '000042'); longer codes are left as they are. */
export const CODIGO_LENGTH = 6;

export function padCodigo(value: number | string | null | undefined): string {
  if (value == null) return '';
  const text = String(value).trim();
  return text === '' ? '' : text.padStart(CODIGO_LENGTH, '0');
}
