import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from './route-access';
import { appRoutes } from './routes';

// paths of the route tables of both spec files (section 2), with sample parameters
const SPEC_PATHS = [
  '/login',
  '/login/config-msal',
  '/login/recoverPassword',
  '/login/restore-password/tok123',
  '/login/restore-password/tok123/a%40b.cl',
  '/recover/restablecer',
  '/recover/tok123/restablecer',
  '/recover/tok123/a%40b.cl/restablecer',
  '/hall',
  '/en',
  '/error',
  '/notFound',
  '/home/accountManager',
  '/home/bacen',
  '/home/bacen/new',
  '/home/bacen/42',
  '/home/blacklist',
  '/home/company',
  '/home/courses',
  '/home/dashboard',
  '/home/denounces',
  '/home/denounces/1/2/3',
  '/home/denounces/1/3',
  '/home/fichas',
  '/home/fichas/exportFicha',
  '/home/history',
  '/home/manual',
  '/home/massiveBulks',
  '/home/notifications',
  '/home/reports',
  '/home/reports/compliance-officer',
  '/home/reports/conflict-of-interest',
  '/home/reports/exportReport',
  '/home/reports/final-beneficiaries',
  '/home/reports/roe-uaf',
  '/home/reports/coaf',
  '/home/support',
  '/home/users',
  '/home/users/create',
  '/home/users/7/edit',
  '/home/users/7/editPassword',
  '/home/analitys/analitys',
  '/home/person/consult',
  '/home/person/create',
  '/home/records/consulta',
  '/home/records/consulta/createOperation',
  '/home/records/consulta/newHome',
  '/home/records/operationDetail/9',
  '/home/records/operationDetail/9/customerFileLegal',
  '/home/records/operationDetail/customerFileLegal',
  '/home/records/operationDetail/9/customerFileNatural',
  '/home/records/operationDetail/customerFileNatural',
  '/home/records/operationDetail/9/riskButton',
  '/home/records/operationDetail/riskButton',
  ...[
    'automaticRelations',
    'bacenCircular6',
    'bacenCircular6/5',
    'beneficiaries',
    'boletinConcursal',
    'businessReport',
    'carpetaTributaria',
    'causasCivilesChile',
    'causasLaboralesChile',
    'causasMedioambientales',
    'consorcio-operations',
    'historial',
    'judiciaryBrazil',
    'partners',
    'pepMexico',
    'pepOutrasRestricoes',
    'poderJudicialCriminal',
    'poderJudicialCriminalChile',
    'poderJudicialLaboral',
    'policy-detail',
    'products-asociados',
    'relatedCompanies',
    'representatives',
    'validadorCPF-CNPJ',
    'validadorCpfOuCnpj',
    'transaction',
    'transaction/8',
  ].map((p) => `/home/records/11111111-1/${p}`),
  // ours (decision 83): the company's log of provider lookups
  '/home/records/providerCalls',
  // ours (decision 110): the company's risk model, linked from a ficha's risk explanation
  '/home/company/risk',
  '/public/denounces',
  '/public/denounces/c1',
  '/public/denounces/c1/followUp',
  '/public/denounces/new',
  '/public/denounces/success',
  '/public/example',
  '/public/forms/f1',
  '/public/transaction/1/formBF',
  '/public/transaction/1/formDOF',
  ...['', '/camera', '/cameraCi', '/data', '/viewPdf', '/whiteboard'].map((p) => `/public/consultation/signature${p}`),
  ...[
    'formBF',
    'formDOF',
    'formDOFLegal',
    'formPep',
    'formSignature',
    'signature',
    'signature/camera',
    'signature/whiteboard',
  ].map((p) => `/public/consultation/1/11111111-1/${p}`),
  '/regcheck/admins',
  '/regcheck/admins/create',
  '/regcheck/admins/1/edit',
  '/regcheck/companies',
  '/regcheck/companies/create',
  '/regcheck/companies/1/edit',
  ...[
    'anexosFormularios',
    'businessRulesControl',
    'dofPannel',
    'fileConfig',
    'generalConfiguration',
    'generalConfiguration/tab2',
    'profile',
    'reportsDashboard',
    'reportsDashboard/conflictOfInterest',
    'reportsDashboard/finalBeneficiaries',
    'riskConfiguration',
    'riskController',
    'riskController/edit/l1',
    'tagsConfiguration',
    'editUser/u1',
    // ours (decision 84): the company's record providers
    'providers',
  ].map((p) => `/regcheck/companies/1/edit/${p}`),
  '/regcheck/lists',
  '/regcheck/lists/internationalOrganizations/1',
  '/regcheck/lists/ProcessosJudiciais/11111111-1',
  '/regcheck/lists/ProcessosJudiciais/11111111-1/DetalheProcesso/3',
  '/regcheck/lists/screeningGlobal/1',
  '/regcheck/lists/screeningGlobal/1/expandedDetail/e1',
  '/regcheck/monitoring',
  '/regcheck/monitoring/ParameterDisplay',
  '/regcheck/pep',
  '/regcheck/pep/define',
  '/regcheck/pep/pag',
  '/regcheck/pep/1/edit',
  '/regcheck/vigilancia',
  '/tools/api',
  '/tools/changepassword',
  '/tools/mailcustomization',
  '/tools/mailcustomization/1',
  '/tools/massiveUpload',
  '/tools/trash',
];

const routes = appRoutes as RouteObject[];

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s', (path) => {
    const matches = matchRoutes(routes, path);
    const leaf = matches?.at(-1)?.route;
    // a page is a route with a path, or the index route of a layout (the company edit area)
    expect(leaf?.path ?? (leaf?.index ? '(index)' : undefined)).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('sends unknown paths to the catch-all', () => {
    expect(matchRoutes(routes, '/home/nothing-here')?.at(-1)?.route.path).toBe('*');
  });

  it('gives every /home, /tools and /regcheck page a title', () => {
    for (const path of SPEC_PATHS.filter((p) => /^\/(home|tools|regcheck)\//.test(p))) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect((leaf?.handle as RouteMeta | undefined)?.titleKey, path).toBeTruthy();
    }
  });
});
