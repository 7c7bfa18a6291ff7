/**
 * Pragmatic address check (what a mail server will accept, not full RFC 5322): one '@', a local part
 * without spaces, and a dotted domain whose last label has at least 2 letters.
 */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string | null | undefined): boolean {
  const s = (value ?? '').trim();
  return s.length > 0 && s.length <= EMAIL_MAX_LENGTH && EMAIL.test(s);
}

/** Trimmed address with a lower-case domain; an invalid address is treated as empty (spec 000 §5). */
export function cleanEmail(value: string | null | undefined): string {
  const s = (value ?? '').trim();
  if (!isValidEmail(s)) return '';
  const at = s.lastIndexOf('@');
  return `${s.slice(0, at)}@${s.slice(at + 1).toLowerCase()}`;
}
