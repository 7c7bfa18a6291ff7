import type { ReportFlowType } from '../companies';
import type { FeatureModule } from '../feature-module';
import { coafRoutes } from './reports.coaf.routes';
import { COAF_NOTICES_JOB, runCoafDueNotices, scheduleCoafDueNotices } from './reports.coaf-notices';
import { EXPORT_JOB, runExport, startExport } from './reports.exports';
import { exportsRoutes } from './reports.exports.routes';
import { FLOW_JOB, runFlow, scheduleFlowReports } from './reports.flows';
import { newsRoutes } from './reports.news.routes';
import { roeFilingsRoutes } from './reports.roe-filings.routes';
import { roeLayoutRoutes } from './reports.roe-layout.routes';
import { reportsRoutes } from './reports.routes';

/**
 * Reports and the home dashboard: the calls, the job that builds a report export and the monthly report flows
 * (checked hourly by a process that runs the schedules).
 */
export const reportsModule: FeatureModule = {
  name: 'reports',
  routes: async (app) => {
    await app.register(reportsRoutes);
    await app.register(newsRoutes);
    await app.register(exportsRoutes);
    await app.register(roeFilingsRoutes);
    await app.register(roeLayoutRoutes);
    await app.register(coafRoutes);
  },
  registerJobs: (deps) => {
    deps.queue.register(EXPORT_JOB, (p) => runExport(deps, String(p.companyId), String(p.exportId)), {
      maxAttempts: 3,
      backoffSeconds: 5,
    });
    deps.queue.register(COAF_NOTICES_JOB, async () => {
      await runCoafDueNotices(deps);
    });
    deps.queue.register(FLOW_JOB, (p) =>
      runFlow(
        deps,
        { companyId: String(p.companyId), reportType: p.reportType as ReportFlowType, month: String(p.month) },
        (caller, locale, body) => startExport(deps, caller, locale, body),
      ),
    );
  },
  schedules: (deps) => [
    {
      name: 'reports.flows',
      everyMs: 3600_000,
      failure: 'the report flows could not be scheduled',
      run: () => scheduleFlowReports(deps),
    },
    {
      name: 'reports.coaf-due-notices',
      everyMs: 3600_000,
      failure: 'the COAF due-day notifications could not be scheduled',
      run: () => scheduleCoafDueNotices(deps),
    },
  ],
};
