import { describe, expect, it } from 'vitest';
import { loginUrlFor, sanitizeReturnPath } from './return-path';

describe('sanitizeReturnPath', () => {
  it('keeps app-relative paths with their query', () => {
    expect(sanitizeReturnPath('/home/fichas')).toBe('/home/fichas');
    expect(sanitizeReturnPath('/home/history?page=2')).toBe('/home/history?page=2');
  });

  it.each([
    null,
    undefined,
    '',
    'home/fichas',
    'https://evil.example/home',
    '//evil.example',
    '/\\evil.example',
    '/redirect?to=https://evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('rejects %s', (value) => {
    expect(sanitizeReturnPath(value)).toBeNull();
  });

  it('does not send the user back to the login pages', () => {
    expect(sanitizeReturnPath('/login')).toBeNull();
    expect(sanitizeReturnPath('/login/recoverPassword')).toBeNull();
  });
});

describe('loginUrlFor', () => {
  it('encodes the return path', () => {
    expect(loginUrlFor('/home/history?page=2')).toBe('/login?returnTo=%2Fhome%2Fhistory%3Fpage%3D2');
  });
  it('drops unsafe or trivial paths', () => {
    expect(loginUrlFor('//evil.example')).toBe('/login');
    expect(loginUrlFor('/')).toBe('/login');
  });
});
