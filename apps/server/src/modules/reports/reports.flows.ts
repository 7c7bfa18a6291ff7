import { type Locale, localeOf, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import type { Executor } from '../../db/tenant';
import { type AppDeps, inCompany, systemCaller } from '../../plugins/context';
import { actAs } from '../auth';
import { companiesWithReportFlows, type ReportFlowType } from '../companies';
import { queueMail } from '../mail';

/**
 * Report flows (decision 94): a company names, per report type (conflict of interest, final beneficiaries), the
 * person responsible for it (PATCH /companies/reportFlows/{id}). Once a month that person's report of the previous
 * month is built as an export in their name (so it holds what their screen would show) and, when it is ready, they
 * get an e-mail through the outbox saying so, with the link to the exports page. The e-mail carries no report
 * content. The reports themselves print the responsible person.
 */
export const FLOW_JOB = 'reports.flow';

/** The export each report flow starts. */
export const FLOW_REPORTS = {
  conflictOfInterest: 'conflictOfInterest',
  finalBeneficiaries: 'finalBeneficiaries',
} as const satisfies Record<ReportFlowType, string>;

/** The previous calendar month (UTC) of `now`: its key and its first and last days. */
export function previousMonth(now: Date) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { key: day(first).slice(0, 7), from: day(first), to: day(last) };
}

const flowKey = (companyId: string, type: string, month: string) => `report-flow:${companyId}:${type}:${month}`;

/**
 * Enqueues, once per company, flow and month, the job of the previous month's report (any day of the month: a
 * process that was down on the 1st still sends it). Returns how many jobs it enqueued.
 */
export async function scheduleFlowReports(deps: AppDeps, now = new Date()) {
  const month = previousMonth(now);
  let n = 0;
  for (const f of await companiesWithReportFlows(deps)) {
    const key = flowKey(f.companyId, f.reportType, month.key);
    if (await deps.queue.hasKey(deps.db, key)) continue;
    await deps.queue.enqueue(
      deps.db,
      FLOW_JOB,
      { companyId: f.companyId, reportType: f.reportType, month: month.key },
      { singletonKey: key, companyId: f.companyId },
    );
    n++;
  }
  return n;
}

/**
 * The job: starts the export of the flow's report as its responsible user (the previous month for the conflict of
 * interest; final beneficiaries have no period). A flow whose user can no longer see reports (deactivated, another
 * role) is skipped with a warning: nobody else receives the report in their place.
 */
export async function runFlow(
  deps: AppDeps,
  p: { companyId: string; reportType: ReportFlowType; month: string },
  start: (caller: ReturnType<typeof inCompany>, locale: Locale, body: StartBody) => Promise<unknown>,
) {
  const flow = (await companiesWithReportFlows(deps)).find(
    (f) => f.companyId === p.companyId && f.reportType === p.reportType,
  );
  if (!flow?.user) {
    deps.log.warn({ companyId: p.companyId, reportType: p.reportType }, 'report flow without a user who sees reports');
    return;
  }
  const auth = await actAs(deps, flow.user.email);
  if (!auth || auth.companyId !== p.companyId) return;
  const caller = { ...inCompany(systemCaller(auth, deps.log, p.companyId)), requestId: `report-flow:${p.month}` };
  const locale = localeOf(auth.user.lang ?? auth.company?.language);
  const first = `${p.month}-01`;
  const last = previousMonth(new Date(Date.UTC(Number(p.month.slice(0, 4)), Number(p.month.slice(5, 7)), 1))).to;
  await start(caller, locale, {
    report: FLOW_REPORTS[p.reportType],
    from: first,
    to: last,
    options: { flow: p.reportType },
  });
}

interface StartBody {
  report: (typeof FLOW_REPORTS)[ReportFlowType];
  from: string;
  to: string;
  options: { flow: ReportFlowType };
}

/** The e-mail that tells a flow's responsible person their report is ready (in the export's transaction). */
export async function mailFlowReady(
  trx: Executor,
  deps: AppDeps,
  e: {
    companyId: string;
    to: string;
    locale: Locale;
    flow: ReportFlowType;
    dateFrom: string | null;
    dateTo: string | null;
  },
) {
  const report = translate(e.locale, `reports:flows.types.${e.flow}`);
  const period =
    e.dateFrom && e.dateTo
      ? translate(e.locale, 'reports:file.period', { from: formatDate(e.dateFrom), to: formatDate(e.dateTo) })
      : translate(e.locale, 'reports:flows.noPeriod');
  await queueMail(trx, deps.queue, deps.config, {
    companyId: e.companyId,
    kind: 'report.flow.ready',
    to: e.to,
    subject: translate(e.locale, 'reports:flows.mailSubject', { report }),
    text: `${translate(e.locale, 'reports:flows.mailBody', { report, period })}\n\n${deps.config.publicUrl}/home/reports/exportReport`,
  });
}
