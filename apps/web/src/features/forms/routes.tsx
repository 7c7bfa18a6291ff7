import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute, placeholderRoutes } from '../../app/router/route-helpers';

const participant = (segment: string, titleKey: string) =>
  placeholderRoute(`/public/consultation/:id/:rut/${segment}`, titleKey);

/** Public declaration forms and the signing flow (document 2). */
export const formsPublicRoutes: AppRoute[] = [
  placeholderRoute('/public/example', 'shell:routes.publicExample'),
  placeholderRoute('/public/forms/:idForm', 'shell:routes.publicForm'),
  placeholderRoute('/public/transaction/:id/formBF', 'shell:routes.formBF'),
  placeholderRoute('/public/transaction/:id/formDOF', 'shell:routes.formDOF'),
  ...placeholderRoutes(
    [
      '/public/consultation/signature',
      '/public/consultation/signature/camera',
      '/public/consultation/signature/cameraCi',
      '/public/consultation/signature/data',
      '/public/consultation/signature/viewPdf',
      '/public/consultation/signature/whiteboard',
    ],
    'shell:routes.signature',
  ),
  participant('formBF', 'shell:routes.formBF'),
  participant('formDOF', 'shell:routes.formDOF'),
  participant('formDOFLegal', 'shell:routes.formDOFLegal'),
  participant('formPep', 'shell:routes.formPep'),
  participant('formSignature', 'shell:routes.signature'),
  participant('signature', 'shell:routes.signature'),
  participant('signature/camera', 'shell:routes.signature'),
  participant('signature/whiteboard', 'shell:routes.signature'),
];
