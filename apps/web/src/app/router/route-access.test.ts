import { describe, expect, it } from 'vitest';
import { type AccessUser, accessRedirect, type RouteMeta } from './route-access';

const company = (country: string) => ({ country, massiveBulks: true });
const admin: AccessUser = { role: 'admin', company: company('CL'), restrictedSection: false };
const frontdesk: AccessUser = { role: 'frontdesk', company: company('CL'), restrictedSection: false };
const coordinator: AccessUser = { role: 'denouncesCoordinator', company: company('CL'), restrictedSection: false };
const orphan: AccessUser = { role: 'admin', company: null, restrictedSection: false };
const superAdmin: AccessUser = { role: 'superAdmin', company: null, restrictedSection: false };

const go = (pathname: string, user: AccessUser | null, metas: RouteMeta[] = [], search = '') =>
  accessRedirect({ pathname, search, user, metas });

describe('accessRedirect', () => {
  it('sends / to /hall or /login', () => {
    expect(go('/', admin)).toBe('/hall');
    expect(go('/', null)).toBe('/login');
  });

  it('lets logged-out visitors reach only the open paths', () => {
    expect(go('/login', null)).toBeNull();
    expect(go('/login/recoverPassword', null)).toBeNull();
    expect(go('/recover/abc/a%40b.cl/restablecer', null)).toBeNull();
    expect(go('/en', null)).toBeNull();
    expect(go('/public/forms/12', null)).toBeNull();
    expect(go('/home/fichas', null, [], '?page=2')).toBe('/login?returnTo=%2Fhome%2Ffichas%3Fpage%3D2');
    expect(go('/tools/changepassword', null)).toBe('/login?returnTo=%2Ftools%2Fchangepassword');
  });

  it('moves a logged-in user away from /login to the safe return path or /hall', () => {
    expect(go('/login', admin)).toBe('/hall');
    expect(go('/login', admin, [], '?returnTo=%2Fhome%2Fhistory')).toBe('/home/history');
    expect(go('/login', admin, [], '?returnTo=https%3A%2F%2Fevil.example')).toBe('/hall');
  });

  it('holds a user asked for a new password at the change-password page, wherever they go', () => {
    const asked: AccessUser = { ...admin, askPasswordChange: true };
    expect(go('/hall', asked)).toBe('/tools/changepassword');
    expect(go('/login', asked)).toBe('/tools/changepassword');
    expect(go('/home/fichas', asked)).toBe('/tools/changepassword');
    expect(go('/regcheck/companies', { ...superAdmin, askPasswordChange: true })).toBe('/tools/changepassword');
    expect(go('/tools/changepassword', asked)).toBeNull();
    // public links and the error pages stay reachable; without the flag nothing changes
    expect(go('/public/forms/12', asked)).toBeNull();
    expect(go('/notFound', asked)).toBeNull();
    expect(go('/hall', admin)).toBeNull();
  });

  it('closes the public consultation and allegation forms to logged-in users', () => {
    expect(go('/public/consultation/1/11111111-1/formDOF', admin)).toBe('/hall');
    expect(go('/public/consultation/1/11111111-1/formBF', admin)).toBe('/hall');
    expect(go('/public/transaction/1/formDOF', admin)).toBe('/hall');
    expect(go('/public/denounces/abc/followUp', admin)).toBe('/hall');
    expect(go('/public/consultation/1/11111111-1/formPep', admin)).toBeNull();
  });

  it('keeps allegation pages for the two allegation roles', () => {
    expect(go('/home/denounces', admin)).toBe('/hall');
    expect(go('/home/denounces', coordinator, [{ permissions: ['allegations'] }])).toBeNull();
  });

  it('opens the restricted section only to allow-listed companies', () => {
    expect(go('/home/analitys/analitys', admin)).toBe('/notFound');
    expect(go('/home/analitys/analitys', { ...admin, restrictedSection: true })).toBeNull();
  });

  it('closes /home to company users without a company', () => {
    expect(go('/home/dashboard', orphan)).toBe('/hall');
    expect(go('/hall', orphan)).toBeNull();
  });

  it('sends a user outside the route perimeter to /', () => {
    expect(go('/home/history', frontdesk, [{ permissions: ['history'] }])).toBeNull();
    expect(go('/home/reports', frontdesk, [{ permissions: ['mainPanel'] }])).toBe('/');
    expect(go('/regcheck/companies', admin, [{ permissions: ['superadmin'] }])).toBe('/');
    expect(go('/regcheck/companies', superAdmin, [{ permissions: ['superadmin'] }])).toBeNull();
    expect(go('/home/dashboard', superAdmin, [{ permissions: ['allExceptSuperAdmin'] }])).toBe('/');
  });
});
