import {
  MonitoringParameters,
  MonitoringRunList,
  MonitoringRunRequested,
  MonitoringSettings,
  MonitoringSettingsBody,
} from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import * as service from './monitoring.admin.service';
import { monitoringAccess } from './monitoring.policy';

const tags = ['monitoring'];

/** The platform's monitoring page: the monthly day, the runs, "run now" and the parameters (spec 000 §2). */
export const monitoringAdminRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/monitoring/settings',
    { access: monitoringAccess.platformRead, summary: 'The day of the monthly run', reply: MonitoringSettings },
    () => service.getSettings(deps),
  );

  r.put(
    '/monitoring/settings',
    {
      access: monitoringAccess.platformManage,
      summary: 'Set the day of the monthly run (1 to 28; a company with its own day keeps it)',
      body: MonitoringSettingsBody,
      reply: MonitoringSettings,
    },
    (req) => service.updateSettings(deps, callerOf(req), req.body.monitoringDay),
  );

  r.get(
    '/monitoring/runs',
    {
      access: monitoringAccess.platformRead,
      summary: 'The latest runs of every company, newest first, with counts and duration',
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(25),
        skip: z.coerce.number().int().min(0).max(100_000).default(0),
      }),
      reply: MonitoringRunList,
    },
    (req) => service.listRuns(deps, req.query.limit, req.query.skip),
  );

  r.post(
    '/monitoring/runs',
    {
      access: monitoringAccess.platformManage,
      summary: 'Run the monitoring of every company now, as a job (nothing new while one is queued or running)',
      response: { 202: MonitoringRunRequested },
    },
    async (req, reply) => reply.status(202).send(await service.requestRun(deps, callerOf(req))),
  );

  r.get(
    '/monitoring/parameters',
    {
      access: monitoringAccess.platformRead,
      summary: 'What the monitoring does, in figures',
      reply: MonitoringParameters,
    },
    () => service.parameters(deps),
  );
});
