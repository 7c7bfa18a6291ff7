import { documentForms, foldSearchText } from './operations.fichas';

/**
 * A free-text search of the consultation list (spec 000 §7: codigo, referenceNumber, transactionComments, tag names,
 * participants' dni and name), read as the kinds of value it can be; each kind is looked up through its own index
 * (migration 0302) and an operation matches when any kind matches:
 *  - codigo: 1-7 digits (leading zeros allowed, as the codigo is shown: 000123) → that codigo;
 *  - document: 6-20 letters/digits with a digit once dots, dashes, slashes and spaces are removed → a participant
 *    whose dni is one of the stored forms of the term (RUT 12.345.678-5 → 12345678-5, CPF, CNPJ) or starts with it;
 *  - reference: the reference number starts with the term (case-insensitive);
 *  - words (when the term has a letter): every word of the folded term (accents removed) starts a word of the
 *    comments or tag names, or of one participant's name. A term of digits and punctuation only is a codigo, a
 *    document or a reference: as words its numbers would start too many words to be useful.
 */
export interface SearchTerm {
  codigo: number | null;
  docs: string[] | null;
  docFrom: string | null;
  docTo: string | null;
  refFrom: string;
  refTo: string;
  /** tsquery of the words by prefix ('ana:* & silva:*') */
  words: string | null;
}

/** The smallest string greater than every string that starts with `prefix` (byte order = code point order). */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const cp = last.codePointAt(0) as number;
  if (cp >= 0x10ffff) return `${prefix}\u{10FFFF}`;
  // skip the surrogate range, which is not a character
  const next = cp + 1 === 0xd800 ? 0xe000 : cp + 1;
  return chars.join('') + String.fromCodePoint(next);
}

export function classifySearch(raw: string): SearchTerm | null {
  const term = raw.trim();
  if (!term) return null;
  const isCodigo = /^\d{1,7}$/.test(term);
  const compact = term.replace(/[.\-/\s]/g, '').toUpperCase();
  const isDocument = /^[0-9A-Z]{6,20}$/.test(compact) && /\d/.test(compact);
  const ref = term.toLowerCase();
  const words = !/\p{L}/u.test(term)
    ? []
    : foldSearchText(term)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .slice(0, 8);
  return {
    codigo: isCodigo ? Number(term) : null,
    docs: isDocument ? [...new Set([...documentForms(term), compact])] : null,
    docFrom: isDocument ? compact : null,
    docTo: isDocument ? prefixEnd(compact) : null,
    refFrom: ref,
    refTo: prefixEnd(ref),
    words: words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null,
  };
}
