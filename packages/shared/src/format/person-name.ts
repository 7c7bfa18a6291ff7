/**
 * Person and company names: letters in any script with any accents, spaces, apostrophes (' and ’),
 * dots, and the special characters the spec allows (&, /, -). At least one letter is required;
 * digits are not allowed.
 */
const NAME = /^[\p{L}\p{M} '’.&/-]+$/u;

export function isValidPersonName(value: string | null | undefined): boolean {
  const s = (value ?? '').trim();
  return s !== '' && NAME.test(s) && /\p{L}/u.test(s);
}
