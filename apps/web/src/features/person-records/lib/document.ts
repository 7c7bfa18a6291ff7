import { displayDni } from '../../../app/format/dni';

/**
 * A document as providers and the call log keep it (a RUT may come without its hyphen, 123456785), in its display
 * format (12.345.678-5); CPF, CNPJ and anything else as displayDni shows them.
 */
export function shownDocument(doc: string | null | undefined): string {
  const d = (doc ?? '').trim().toUpperCase();
  return displayDni(/^\d{7,8}[\dK]$/.test(d) ? `${d.slice(0, -1)}-${d.slice(-1)}` : d);
}
