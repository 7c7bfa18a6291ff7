import { VigilanciaAnswer, VigilanciaQuery, VigilanciaSummary } from '@regcheck/shared';
import { routesPlugin } from '../../lib/routes';
import { vigilanciaAccess } from './vigilancia.policy';
import * as service from './vigilancia.service';

const tags = ['vigilancia'];

export const vigilanciaRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/vigilancia/peps',
    {
      access: vigilanciaAccess.read,
      summary: 'PEP monitoring across companies: new PEPs, PEPs expiring soon, PEP status changes',
      description:
        'kind=new: people who entered the register in the last `days` days (30); kind=expiring: PEPs whose office ' +
        'ended and whose PEP status expires in the next `days` days (90); kind=changed: people whose PEP status ' +
        'changed in the last `days` days (30). Each with the companies holding an active ficha of the person.',
      querystring: VigilanciaQuery,
      reply: VigilanciaAnswer,
    },
    (req) => service.vigilancia(deps, req.query),
  );
  r.get(
    '/vigilancia/summary',
    {
      access: vigilanciaAccess.read,
      summary: 'How many new, expiring and changed PEPs, and PEPs today',
      reply: VigilanciaSummary,
    },
    () => service.summary(deps),
  );
});
