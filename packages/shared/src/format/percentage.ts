/** Percentages (spec 000 §5): 0 to 100, at most 2 decimals, dot separator, integer part at most 3 digits. */

export type PercentageError = 'PERCENTAGE_REQUIRED' | 'PERCENTAGE_FORMAT' | 'PERCENTAGE_RANGE';

export type PercentageResult = { valid: true; value: number } | { valid: false; error: PercentageError };

const PERCENTAGE_SHAPE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * Validates a percentage typed by a user. A comma separator is a format error (the spec asks for a
 * dot), as are more than 2 decimals or more than 3 integer digits; values above 100 are a range error.
 */
export function validatePercentage(input: string | number | null | undefined): PercentageResult {
  if (input == null) return { valid: false, error: 'PERCENTAGE_REQUIRED' };
  if (typeof input === 'number' && !Number.isFinite(input)) return { valid: false, error: 'PERCENTAGE_FORMAT' };
  const text = String(input).trim();
  if (text === '') return { valid: false, error: 'PERCENTAGE_REQUIRED' };
  if (!PERCENTAGE_SHAPE.test(text)) return { valid: false, error: 'PERCENTAGE_FORMAT' };
  const value = Number(text);
  if (value < 0 || value > 100) return { valid: false, error: 'PERCENTAGE_RANGE' };
  return { valid: true, value };
}

/** Ownership percentage must be strictly greater than 1 and strictly less than 100 (spec 000 §5). */
export function isOwnershipPercentage(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 1 && value < 100;
}

/** Keys a percentage field lets through besides digits and separators. */
export const PERCENTAGE_CONTROL_KEYS: readonly string[] = [
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
];

export interface KeyModifiers {
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * Keydown filter for a percentage input: returns the key when it is a digit, a separator ('.' or ',',
 * the comma is let through so validation can say "use a dot"), a control key, or a Ctrl/Cmd shortcut
 * (copy, paste, select all); returns null when the key should be blocked.
 */
export function sanitizePercentageKey(key: string, modifiers: KeyModifiers = {}): string | null {
  if (modifiers.ctrlKey || modifiers.metaKey) return key;
  if (/^[0-9.,]$/.test(key)) return key;
  return PERCENTAGE_CONTROL_KEYS.includes(key) ? key : null;
}

/** Boolean form of sanitizePercentageKey, for `if (!isAllowedPercentageKey(e.key, e)) e.preventDefault()`. */
export function isAllowedPercentageKey(key: string, modifiers: KeyModifiers = {}): boolean {
  return sanitizePercentageKey(key, modifiers) !== null;
}
