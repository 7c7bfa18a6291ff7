import type { PermissionKey } from '@regcheck/shared/permissions';
import type { ReactNode } from 'react';
import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';
import { redirectRoute } from '../../app/router/route-helpers';

const NewOperationPage = lazyPage(() => import('./pages/NewOperationPage'), 'NewOperationPage');
const HistoryPage = lazyPage(() => import('./pages/HistoryPage'), 'HistoryPage');
const OperationDetailPage = lazyPage(() => import('./pages/OperationDetailPage'), 'OperationDetailPage');
const PersonTransactionsPage = lazyPage(() => import('./pages/PersonTransactionsPage'), 'PersonTransactionsPage');

const READ: readonly PermissionKey[] = ['history', 'search'];
const page = (path: string, element: ReactNode, titleKey: string, permissions: readonly PermissionKey[]): AppRoute => ({
  path,
  element,
  handle: { titleKey, permissions },
});

/** Operations (consultations): new operation, customer management list, operation detail. */
export const operationsRoutes: AppRoute[] = [
  redirectRoute('/home/records', '/home/records/consulta'),
  page('/home/records/consulta', <NewOperationPage />, 'shell:routes.newOperation', ['search']),
  page('/home/records/consulta/createOperation', <NewOperationPage />, 'shell:routes.createOperation', ['search']),
  page('/home/records/consulta/newHome', <NewOperationPage />, 'shell:routes.newOperation', ['search']),
  page('/home/history', <HistoryPage />, 'shell:routes.history', ['history']),
  page('/home/records/operationDetail/:consultation', <OperationDetailPage />, 'shell:routes.operationDetail', READ),
  page(
    '/home/records/operationDetail/:consultation?/customerFileLegal',
    <OperationDetailPage />,
    'shell:routes.customerFileLegal',
    READ,
  ),
  page(
    '/home/records/operationDetail/:consultation?/customerFileNatural',
    <OperationDetailPage />,
    'shell:routes.customerFileNatural',
    READ,
  ),
  page(
    '/home/records/operationDetail/:consultation?/riskButton',
    <OperationDetailPage />,
    'shell:routes.operationRisk',
    READ,
  ),
  page('/home/records/:run/transaction/:transaction?', <PersonTransactionsPage />, 'shell:routes.transaction', READ),
];
