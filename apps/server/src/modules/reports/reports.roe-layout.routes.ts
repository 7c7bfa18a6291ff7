import { RoeLayout, RoeLayoutView } from '@regcheck/shared/schemas/roe-layout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/context';
import { reportsAccess } from './reports.policy';
import * as layout from './reports.roe-layout';

const tags = ['reports'];

/** The ROE file's layout, as data the super administrator changes without a release (decision 180). */
export const roeLayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/platform/roe-layout',
    {
      config: { access: reportsAccess.roeLayoutRead },
      schema: {
        tags,
        summary: "The layout of the UAF's ROE file in force: columns, codes and notation; whether it was changed",
        response: { 200: RoeLayoutView },
      },
    },
    async () => layout.getRoeLayout(deps),
  );

  app.put(
    '/platform/roe-layout',
    {
      config: { access: reportsAccess.roeLayoutManage },
      schema: {
        tags,
        summary:
          "Changes the layout of the UAF's ROE file for every company (the next file follows it; a filing keeps its file); audited",
        body: RoeLayout,
        response: { 200: RoeLayoutView },
      },
    },
    async (req) => layout.putRoeLayout(deps, callerOf(req), req.body),
  );

  app.delete(
    '/platform/roe-layout',
    {
      config: { access: reportsAccess.roeLayoutManage },
      schema: {
        tags,
        summary: 'Goes back to the layout RegCheck ships; audited',
        response: { 200: RoeLayoutView },
      },
    },
    async (req) => layout.resetRoeLayout(deps, callerOf(req)),
  );
};
