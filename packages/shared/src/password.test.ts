import { describe, expect, it } from 'vitest';
import { checkPassword, isStrongPassword } from './password';

describe('password rules (section 5)', () => {
  it.each([
    ['Abcdef1.', true],
    ['Abcdef1-', true],
    ['A1b2c3d4$', true],
    ['abcdef1.', false], // no upper
    ['ABCDEF1.', false], // no lower
    ['Abcdefg.', false], // no digit
    ['Abcdefg1', false], // no special
    ['Abcde1.', false], // 7 characters
    ['Abcdef1+', false], // + is not one of ._#?!@$%^*-
  ])('%s -> %s', (pw, ok) => {
    expect(isStrongPassword(pw)).toBe(ok);
  });
  it('tells which rules fail', () => {
    expect(checkPassword('abc')).toEqual({ length: false, upper: false, lower: true, digit: false, special: false });
  });
});
