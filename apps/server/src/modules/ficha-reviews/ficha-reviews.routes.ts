import { IdParams, ReviewCreateBody, ReviewView } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { fichaReviewsAccess } from './ficha-reviews.policy';
import * as service from './ficha-reviews.service';

const tags = ['fichas'];

/** The periodic reviews of a ficha: recorded by whoever edits fichas, read by whoever reads them. */
export const fichaReviewsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/fichas-clientes/:id/reviews',
    {
      access: fichaReviewsAccess.write,
      summary:
        "Record a periodic review of the ficha (what was checked, the outcome; who and when are the server's): sets its next review day from its risk's period, audited",
      params: IdParams,
      body: ReviewCreateBody,
      reply: ReviewView,
    },
    (req) => service.record(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.get(
    '/fichas-clientes/:id/reviews',
    {
      access: fichaReviewsAccess.read,
      summary: 'The periodic reviews of the ficha, newest first',
      params: IdParams,
      reply: z.array(ReviewView),
    },
    (req) => service.list(deps, tenantCallerOf(req), req.params.id),
  );
});
