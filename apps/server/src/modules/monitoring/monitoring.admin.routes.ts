import {
  MonitoringParameters,
  MonitoringRunList,
  MonitoringRunRequested,
  MonitoringSettings,
  MonitoringSettingsBody,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import * as service from './monitoring.admin.service';
import { monitoringAccess } from './monitoring.policy';

const tags = ['monitoring'];

/** The platform's monitoring page: the monthly day, the runs, "run now" and the parameters (spec 000 §2). */
export const monitoringAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/monitoring/settings',
    {
      config: { access: monitoringAccess.platformRead },
      schema: { tags, summary: 'The day of the monthly run', response: { 200: MonitoringSettings } },
    },
    async () => service.getSettings(deps),
  );

  app.put(
    '/monitoring/settings',
    {
      config: { access: monitoringAccess.platformManage },
      schema: {
        tags,
        summary: 'Set the day of the monthly run (1 to 28; a company with its own day keeps it)',
        body: MonitoringSettingsBody,
        response: { 200: MonitoringSettings },
      },
    },
    async (req) => service.updateSettings(deps, callerOf(req), req.body.monitoringDay),
  );

  app.get(
    '/monitoring/runs',
    {
      config: { access: monitoringAccess.platformRead },
      schema: {
        tags,
        summary: 'The latest runs of every company, newest first, with counts and duration',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(25),
          skip: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: { 200: MonitoringRunList },
      },
    },
    async (req) => service.listRuns(deps, req.query.limit, req.query.skip),
  );

  app.post(
    '/monitoring/runs',
    {
      config: { access: monitoringAccess.platformManage },
      schema: {
        tags,
        summary: 'Run the monitoring of every company now, as a job (nothing new while one is queued or running)',
        response: { 202: MonitoringRunRequested },
      },
    },
    async (req, reply) => reply.status(202).send(await service.requestRun(deps, callerOf(req))),
  );

  app.get(
    '/monitoring/parameters',
    {
      config: { access: monitoringAccess.platformRead },
      schema: { tags, summary: 'What the monitoring does, in figures', response: { 200: MonitoringParameters } },
    },
    async () => service.parameters(deps),
  );
};
