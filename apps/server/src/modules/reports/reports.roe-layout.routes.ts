import { RoeLayout, RoeLayoutView } from '@regcheck/shared/schemas/roe-layout';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { reportsAccess } from './reports.policy';
import * as layout from './reports.roe-layout';

const tags = ['reports'];

/** The ROE file's layout, as data the super administrator changes without a release (decision 180). */
export const roeLayoutRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/platform/roe-layout',
    {
      access: reportsAccess.roeLayoutRead,
      summary: "The layout of the UAF's ROE file in force: columns, codes and notation; whether it was changed",
      reply: RoeLayoutView,
    },
    () => layout.getRoeLayout(deps),
  );

  r.put(
    '/platform/roe-layout',
    {
      access: reportsAccess.roeLayoutManage,
      summary:
        "Changes the layout of the UAF's ROE file for every company (the next file follows it; a filing keeps its file); audited",
      body: RoeLayout,
      reply: RoeLayoutView,
    },
    (req) => layout.putRoeLayout(deps, callerOf(req), req.body),
  );

  r.delete(
    '/platform/roe-layout',
    {
      access: reportsAccess.roeLayoutManage,
      summary: 'Goes back to the layout RegCheck ships; audited',
      reply: RoeLayoutView,
    },
    (req) => layout.resetRoeLayout(deps, callerOf(req)),
  );
});
