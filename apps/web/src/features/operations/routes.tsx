import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, redirectRoute } from '../../app/router/route-helpers';

/** Operations (consultations): new operation, customer management list, operation detail. */
export const operationsRoutes: AppRoute[] = [
  redirectRoute('/home/records', '/home/records/consulta'),
  placeholderRoute('/home/records/consulta', 'shell:routes.newOperation', ['search']),
  placeholderRoute('/home/records/consulta/createOperation', 'shell:routes.createOperation', ['search']),
  placeholderRoute('/home/records/consulta/newHome', 'shell:routes.newOperation', ['search']),
  placeholderRoute('/home/history', 'shell:routes.history', ['history']),
  placeholderRoute('/home/records/operationDetail/:consultation', 'shell:routes.operationDetail', [
    'history',
    'search',
  ]),
  placeholderRoute('/home/records/operationDetail/:consultation?/customerFileLegal', 'shell:routes.customerFileLegal', [
    'history',
    'search',
  ]),
  placeholderRoute(
    '/home/records/operationDetail/:consultation?/customerFileNatural',
    'shell:routes.customerFileNatural',
    ['history', 'search'],
  ),
  placeholderRoute('/home/records/operationDetail/:consultation?/riskButton', 'shell:routes.operationRisk', [
    'history',
    'search',
  ]),
  placeholderRoute('/home/records/:run/transaction/:transaction?', 'shell:routes.transaction', ['history', 'search']),
];
