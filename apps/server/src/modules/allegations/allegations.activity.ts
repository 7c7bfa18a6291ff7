import type { Executor } from '../../db/tenant';
import type { TenantCaller } from '../../plugins/context';
import * as activity from './allegations.activity.repo';

/*
 * The staff side of a report's history (issue 27 point 5, decision 182): assignments, openings of the case and
 * downloads, written in the same transaction as the act and shown to the two allegation roles in their words. The
 * audit log keeps every read; the history keeps one opening per user and report per hour, so a handler who works
 * on a case all morning reads as "opened it at 9:02, 10:05, 11:30", not as two hundred lines.
 */

/** An opening of a report by the same user within this many minutes of the last one recorded is not a new line. */
export const READ_RECORD_MINUTES = 60;

/** Records that the caller opened the report, unless their last recorded opening is less than an hour old. */
export async function recordView(trx: Executor, caller: TenantCaller, allegationId: string, now = new Date()) {
  const since = new Date(now.getTime() - READ_RECORD_MINUTES * 60_000);
  if (await activity.viewedSince(trx, caller.companyId, allegationId, caller.auth.userId, since)) return;
  await activity.insertActivity(trx, caller.companyId, { allegationId, kind: 'viewed', userId: caller.auth.userId });
}

/** Records who gave the report to whom (null: to nobody), and whom it was taken from. */
export function recordAssignment(
  trx: Executor,
  caller: TenantCaller,
  allegationId: string,
  previousAssigneeId: string | null,
  assigneeId: string | null,
) {
  return activity.insertActivity(trx, caller.companyId, {
    allegationId,
    kind: 'assigned',
    userId: caller.auth.userId,
    assigneeId,
    previousAssigneeId,
  });
}

/** Records the download of one of the report's files (the report's, a message's or a note's). */
export function recordFileDownload(trx: Executor, caller: TenantCaller, allegationId: string, fileId: string) {
  return activity.insertActivity(trx, caller.companyId, {
    allegationId,
    kind: 'file_downloaded',
    userId: caller.auth.userId,
    fileId,
  });
}

/** Records, on each report it holds, the download of a list export. */
export function recordExport(trx: Executor, caller: TenantCaller, allegationIds: string[]) {
  return activity.insertActivityOnMany(trx, caller.companyId, allegationIds, {
    kind: 'exported',
    userId: caller.auth.userId,
  });
}

/** The report's activity as the detail view carries it: names and dates, the reader's page puts them in words. */
export async function activityOf(trx: Executor, companyId: string, allegationId: string) {
  const rows = await activity.listActivity(trx, companyId, allegationId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    userName: r.userName,
    assigneeName: r.assigneeName,
    previousAssigneeName: r.previousAssigneeName,
    fileName: r.fileName,
    createdAt: r.createdAt.toISOString(),
  }));
}
