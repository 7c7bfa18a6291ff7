import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const PublicFormPage = lazyPage(() => import('./pages/PublicFormPage'), 'PublicFormPage');
const VerifyPage = lazyPage(() => import('./pages/VerifyPage'), 'VerifyPage');
const ExamplePage = lazyPage(() => import('./pages/ExamplePage'), 'ExamplePage');

/** Every public path of a form's link opens the one signing flow (the link carries ?form=<id>&key=<token>). */
const signing = (path: string, titleKey: string): AppRoute => ({
  path,
  element: <PublicFormPage />,
  handle: { titleKey },
});

/** Public declaration forms, the signing flow and the signature check (document 2). */
export const formsPublicRoutes: AppRoute[] = [
  { path: '/public/example', element: <ExamplePage />, handle: { titleKey: 'shell:routes.publicExample' } },
  { path: '/public/verify', element: <VerifyPage />, handle: { titleKey: 'forms:verify.title' } },
  signing('/public/forms/:idForm', 'shell:routes.publicForm'),
  signing('/public/transaction/:id/formBF', 'shell:routes.formBF'),
  signing('/public/transaction/:id/formDOF', 'shell:routes.formDOF'),
  ...['', '/camera', '/cameraCi', '/data', '/viewPdf', '/whiteboard'].map((p) =>
    signing(`/public/consultation/signature${p}`, 'shell:routes.signature'),
  ),
  ...(
    [
      ['formBF', 'shell:routes.formBF'],
      ['formDOF', 'shell:routes.formDOF'],
      ['formDOFLegal', 'shell:routes.formDOFLegal'],
      ['formPep', 'shell:routes.formPep'],
      ['formSignature', 'shell:routes.signature'],
      ['signature', 'shell:routes.signature'],
      ['signature/camera', 'shell:routes.signature'],
      ['signature/whiteboard', 'shell:routes.signature'],
    ] as const
  ).map(([segment, titleKey]) => signing(`/public/consultation/:id/:rut/${segment}`, titleKey)),
];
