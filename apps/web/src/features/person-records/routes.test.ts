import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router/routes';
import { adminRoutes } from '../admin';
import { personRecordsRoutes } from './routes';

const leaf = (path: string) => matchRoutes(appRoutes as RouteObject[], path)?.at(-1)?.route;

describe('record pages in the route table', () => {
  it.each([
    '/home/records/12345678-5/pepOutrasRestricoes',
    '/home/records/12345678-5/boletinConcursal',
    '/home/records/12345678-5/carpetaTributaria',
    '/home/records/12345678-5/carpetaTributaria/tab/vat',
    '/home/records/12345678-5/carpetaTributaria/view',
    '/home/records/12345678-5/carpetaTributaria/view/F29-2025-08',
    '/home/records/12345678-5/consorcio-operations',
    '/home/records/12345678-5/products-asociados',
    '/home/records/12345678-5/policy-detail',
    '/home/records/providerCalls',
    // the super administrator's pages win over the admin feature's placeholders of the same paths
    '/regcheck/lists/ProcessosJudiciais/52998224725',
    '/regcheck/lists/ProcessosJudiciais/52998224725/DetalheProcesso/CNJ-1',
  ])('%s is a page of this feature, not a placeholder', (path) => {
    expect(personRecordsRoutes).toContain(leaf(path));
  });

  it('the providers screen of a company is a tab of the company edit area', () => {
    const route = leaf('/regcheck/companies/7/edit/providers');
    const edit = adminRoutes.find((r) => r.path === '/regcheck/companies/:id/edit');
    expect(edit?.children).toContain(route);
    expect(route?.handle).toEqual({ titleKey: 'shell:routes.companyProviders', permissions: ['superadmin'] });
  });

  it('each page keeps its perimeter: the call log to providerCallLog, ProcessosJudiciais to the super administrator', () => {
    expect(leaf('/home/records/providerCalls')?.handle?.permissions).toEqual(['providerCallLog']);
    expect(leaf('/regcheck/lists/ProcessosJudiciais/1')?.handle?.permissions).toEqual(['superadmin']);
    expect(leaf('/home/records/1/businessReport')?.handle?.permissions).toEqual(['commercialReport']);
    expect(leaf('/home/records/1/bacenCircular6')?.handle?.permissions).toEqual(['bacen']);
  });
});
