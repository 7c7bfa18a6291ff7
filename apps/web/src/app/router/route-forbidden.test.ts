import { describe, expect, it } from 'vitest';
import { type AccessInput, type AccessUser, accessRedirect, isForbiddenRedirect } from './route-access';

const frontdesk: AccessUser = {
  role: 'frontdesk',
  company: { country: 'CL', massiveBulks: true },
  restrictedSection: false,
};
const decide = (input: AccessInput) => isForbiddenRedirect(input, accessRedirect(input));
const at = (pathname: string, user: AccessUser | null, permissions?: AccessInput['metas'][number]['permissions']) => ({
  pathname,
  search: '',
  user,
  metas: permissions ? [{ permissions }] : [],
});

describe('the guard says why it turned a user away', () => {
  it('a signed-in user typing a page they may not open is told (toast), not silently moved', () => {
    expect(decide(at('/home/reports', frontdesk, ['mainPanel']))).toBe(true);
    expect(decide(at('/regcheck/companies', frontdesk, ['superadmin']))).toBe(true);
  });
  it('no toast for the ordinary landings, the pages they may open, or a visitor sent to sign in', () => {
    expect(decide(at('/', frontdesk))).toBe(false);
    expect(decide(at('/login', frontdesk))).toBe(false);
    expect(decide(at('/home/history', frontdesk, ['history']))).toBe(false);
    expect(decide(at('/home/reports', null, ['mainPanel']))).toBe(false);
  });
});
