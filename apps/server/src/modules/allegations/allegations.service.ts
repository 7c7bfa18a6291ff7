import type { Locale } from '@regcheck/shared';
import {
  type AllegationListFilter,
  type AllegationPatchBody,
  type AllegationSettingsView,
  type AllegationStatus,
  categoryAllowedIn,
  isLeyKarin,
  KARIN_RESOLUTION_MIN,
  nextStatuses,
} from '@regcheck/shared/schemas/allegations';
import type { z } from 'zod';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { readRecordFile } from '../../lib/stored-documents';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { findCompany } from '../companies';
import { activityOf, recordAssignment, recordExport, recordFileDownload, recordView } from './allegations.activity';
import { attachmentKey, type CheckedFile, storingFiles } from './allegations.attachments';
import { addBusinessDays, chileDate, isOverdue, MISSING_HOLIDAYS_LOG, nextDeadline } from './allegations.deadlines';
import { allegationError } from './allegations.errors';
import { ALLEGATION_HANDLER_ROLES } from './allegations.policy';
import { checkCategory, settingsOf } from './allegations.public';
import * as repo from './allegations.repo';
import { fileView } from './allegations.view';
import { allegationsWorkbook } from './allegations.xlsx';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function listItem(r: repo.AllegationRow, today: string) {
  return {
    id: r.id,
    code: r.code,
    category: r.category,
    status: r.status,
    anonymous: r.anonymous,
    relationship: r.relationship,
    leyKarin: r.leyKarin,
    assignedTo: r.assignedTo,
    assignedName: r.assignedName,
    createdAt: r.createdAt.toISOString(),
    nextDeadline: nextDeadline(r),
    overdue: isOverdue(r, today),
  };
}

/** GET /denuncia: the company's reports with the filter; the read is audited (which filter, how many). */
export async function list(deps: AppDeps, caller: TenantCaller, f: AllegationListFilter) {
  const today = chileDate(new Date());
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const rows = await repo.listAllegations(trx, caller.companyId, f, today);
    await audit(trx, caller, {
      action: 'allegation.listed',
      entity: 'allegation',
      after: { filter: f, ids: rows.map((r) => r.id) },
    });
    return rows.map((r) => listItem(r, today));
  });
}

/** GET /denuncia/count: how many reports the `where` (the list filter without its page) finds. */
export async function count(deps: AppDeps, caller: TenantCaller, where: Omit<AllegationListFilter, 'limit' | 'skip'>) {
  return withTenant(deps.db, caller.companyId, async (trx) => ({
    count: await repo.countAllegations(trx, caller.companyId, where, chileDate(new Date())),
  }));
}

async function mustFind(trx: Parameters<typeof repo.findAllegation>[0], companyId: string, id: string) {
  const row = await repo.findAllegation(trx, companyId, id);
  if (!row) throw allegationError('ALLEGATION_NOT_FOUND');
  return row;
}

async function detailOf(trx: Parameters<typeof repo.findAllegation>[0], companyId: string, row: repo.AllegationRow) {
  const today = chileDate(new Date());
  const [messages, notes, files, history, activity] = await Promise.all([
    repo.listMessages(trx, companyId, row.id),
    repo.listNotes(trx, companyId, row.id),
    repo.listFiles(trx, companyId, row.id),
    repo.listHistory(trx, companyId, row.id),
    activityOf(trx, companyId, row.id),
  ]);
  return {
    ...listItem(row, today),
    description: row.description,
    occurredWhen: row.occurredWhen,
    occurredWhere: row.occurredWhere,
    involved: row.involved,
    reporterName: row.reporterName,
    reporterEmail: row.reporterEmail,
    reporterPhone: row.reporterPhone,
    acknowledgeDue: row.acknowledgeDue,
    feedbackDue: row.feedbackDue,
    investigationDue: row.investigationDue,
    acknowledgedAt: iso(row.acknowledgedAt),
    closedAt: iso(row.closedAt),
    // the report's and the conversation's files; a note's files are listed with their note only
    files: files.filter((f) => f.noteId === null).map(fileView),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      authorName: m.author === 'staff' ? m.authorName : null,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      files: files.filter((f) => f.messageId === m.id).map(fileView),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      authorName: n.authorName,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
      files: files.filter((f) => f.noteId === n.id).map(fileView),
    })),
    history: history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      userName: h.authorName,
      createdAt: h.createdAt.toISOString(),
    })),
    // assignments, openings and downloads by staff users (decision 182): never in the reporter's view
    activity,
  };
}

/**
 * GET /denuncia/{id}: the whole report for a handler; every read is audited, and the opening is a line of the
 * report's history (one per user and hour, decision 182).
 */
export async function get(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await mustFind(trx, caller.companyId, id);
    await audit(trx, caller, { action: 'allegation.viewed', entity: 'allegation', id });
    await recordView(trx, caller, id);
    return detailOf(trx, caller.companyId, row);
  });
}

/**
 * Whether a report may go from `from` to `to`, refused with the error that names the status: a Ley Karin complaint
 * (Ley 21.643) is never dismissed, is resolved only after its investigation and with its outcome as the reason.
 */
function checkTransition(from: AllegationStatus, to: AllegationStatus, leyKarin: boolean, reason: string | undefined) {
  if (!nextStatuses(from, leyKarin).includes(to)) {
    const params = { from, to };
    if (leyKarin && to === 'dismissed')
      throw allegationError('ALLEGATION_KARIN_NOT_DISMISSED', { field: 'status', params });
    if (leyKarin && to === 'resolved')
      throw allegationError('ALLEGATION_KARIN_INVESTIGATION_FIRST', { field: 'status', params });
    throw allegationError('ALLEGATION_STATUS_TRANSITION', { field: 'status', params });
  }
  if (!reason || reason.length < 3) throw allegationError('ALLEGATION_REASON_REQUIRED', { field: 'reason' });
  if (leyKarin && to === 'resolved' && reason.length < KARIN_RESOLUTION_MIN)
    throw allegationError('ALLEGATION_KARIN_RESOLUTION_REQUIRED', {
      field: 'reason',
      params: { min: KARIN_RESOLUTION_MIN },
    });
}

/**
 * PATCH /denuncia/{id}: a status change (with its reason, kept in the history) or a new category. A Ley Karin
 * complaint (flagged, or given its category in the same call) follows LEY_KARIN_TRANSITIONS (decision 117).
 */
export async function patch(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  body: z.infer<typeof AllegationPatchBody>,
) {
  const settings = await settingsOf(deps, caller.companyId);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await mustFind(trx, caller.companyId, id);
    const changes: Parameters<typeof repo.updateAllegation>[3] = {};
    if (body.status !== undefined && body.status !== row.status) {
      // a complaint that is or becomes Ley Karin in this call: changing its category in the same call frees nothing
      const leyKarin = row.leyKarin || (body.category !== undefined && isLeyKarin(settings.country, body.category));
      const reason = body.reason?.trim() ?? '';
      checkTransition(row.status, body.status, leyKarin, reason);
      changes.status = body.status;
      if (body.status === 'acknowledged' && !row.acknowledgedAt) changes.acknowledgedAt = new Date();
      changes.closedAt = body.status === 'resolved' || body.status === 'dismissed' ? new Date() : null;
      await repo.insertStatusChange(trx, caller.companyId, {
        allegationId: id,
        fromStatus: row.status,
        toStatus: body.status,
        reason,
        userId: caller.auth.userId,
      });
      await audit(trx, caller, {
        action: 'allegation.status.changed',
        entity: 'allegation',
        id,
        before: { status: row.status },
        after: { status: body.status, reason },
      });
    }
    if (body.category !== undefined && body.category !== row.category) {
      checkCategory(settings, body.category);
      changes.category = body.category;
      changes.leyKarin = isLeyKarin(settings.country, body.category);
      changes.investigationDue = changes.leyKarin
        ? addBusinessDays(chileDate(row.createdAt), settings.karinBusinessDays, (year) =>
            deps.log.error({ year, companyId: caller.companyId }, MISSING_HOLIDAYS_LOG),
          )
        : null;
      await audit(trx, caller, {
        action: 'allegation.updated',
        entity: 'allegation',
        id,
        before: { category: row.category },
        after: { category: body.category },
      });
    }
    if (Object.keys(changes).length > 0) await repo.updateAllegation(trx, caller.companyId, id, changes);
    return detailOf(trx, caller.companyId, await mustFind(trx, caller.companyId, id));
  });
}

/**
 * POST /denuncia-assign: gives the report to one of the company's allegation handlers (or to nobody); a change is a
 * line of the report's history (who gave it to whom, and whom it was taken from).
 */
export async function assign(deps: AppDeps, caller: TenantCaller, id: string, userId: string | null) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await mustFind(trx, caller.companyId, id);
    if (userId) {
      const handlers = await repo.listUsersWithRoles(trx, caller.companyId, ALLEGATION_HANDLER_ROLES);
      if (!handlers.some((u) => u.id === userId))
        throw allegationError('ALLEGATION_ASSIGNEE_INVALID', { field: 'userId' });
    }
    await repo.updateAllegation(trx, caller.companyId, id, { assignedTo: userId });
    if (row.assignedTo !== userId) await recordAssignment(trx, caller, id, row.assignedTo, userId);
    await audit(trx, caller, {
      action: 'allegation.assigned',
      entity: 'allegation',
      id,
      before: { assignedTo: row.assignedTo },
      after: { assignedTo: userId },
    });
    return detailOf(trx, caller.companyId, await mustFind(trx, caller.companyId, id));
  });
}

/** GET /users/denounces/{companyId}: the people a report can be assigned to. */
export async function assignableUsers(deps: AppDeps, caller: TenantCaller, companyId: string) {
  if (companyId !== caller.companyId) throw allegationError('ALLEGATION_NOT_FOUND');
  return withTenant(deps.db, caller.companyId, (trx) =>
    repo.listUsersWithRoles(trx, caller.companyId, ALLEGATION_HANDLER_ROLES),
  );
}

/** A message to the reporter (they read it with id and pin), with files; the audit row holds no content. */
export async function sendMessage(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  text: string,
  files: CheckedFile[] = [],
) {
  return storingFiles(deps.files, caller.companyId, files, (stored) =>
    withTenant(deps.db, caller.companyId, async (trx) => {
      await mustFind(trx, caller.companyId, id);
      const m = await repo.insertMessage(
        trx,
        caller.companyId,
        { allegationId: id, author: 'staff', userId: caller.auth.userId, body: text },
        stored,
      );
      await audit(trx, caller, {
        action: 'allegation.message.sent',
        entity: 'allegation',
        id,
        after: { messageId: m.id },
      });
      return detailOf(trx, caller.companyId, await mustFind(trx, caller.companyId, id));
    }),
  );
}

/** An internal note with its files: handlers only, never shown to the reporter (its files carry the note's id). */
export async function addNote(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  text: string,
  files: CheckedFile[] = [],
) {
  return storingFiles(deps.files, caller.companyId, files, (stored) =>
    withTenant(deps.db, caller.companyId, async (trx) => {
      await mustFind(trx, caller.companyId, id);
      const n = await repo.insertNote(trx, caller.companyId, id, caller.auth.userId, text);
      await repo.insertFiles(
        trx,
        caller.companyId,
        { allegationId: id, messageId: null, noteId: n.id, uploadedBy: 'staff' },
        stored,
      );
      await audit(trx, caller, {
        action: 'allegation.note.added',
        entity: 'allegation',
        id,
        after: { noteId: n.id, files: stored.length },
      });
      return detailOf(trx, caller.companyId, await mustFind(trx, caller.companyId, id));
    }),
  );
}

/** An attachment of a report, for a handler (audited, and a line of the report's history). */
export async function downloadFile(deps: AppDeps, caller: TenantCaller, id: string, fileId: string) {
  const file = await withTenant(deps.db, caller.companyId, async (trx) => {
    await mustFind(trx, caller.companyId, id);
    const f = await repo.findFile(trx, caller.companyId, id, fileId);
    if (!f) throw allegationError('FILE_NOT_FOUND');
    await audit(trx, caller, { action: 'allegation.file.downloaded', entity: 'allegation', id, after: { fileId } });
    await recordFileDownload(trx, caller, id, fileId);
    return f;
  });
  const bytes = await readRecordFile(deps, attachmentKey(caller.companyId, file.storedName));
  if (!bytes) throw allegationError('FILE_NOT_FOUND');
  return { bytes, name: file.name, mime: file.mime };
}

/** The export of the filtered list (at most 10,000 reports) as .xlsx; audited, and a line of each report's history. */
export async function exportList(
  deps: AppDeps,
  caller: TenantCaller,
  f: Omit<AllegationListFilter, 'limit' | 'skip'>,
  locale: Locale,
) {
  const today = chileDate(new Date());
  const rows = await withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.exportAllegations(trx, caller.companyId, f, today, 10_000);
    await audit(trx, caller, {
      action: 'allegation.exported',
      entity: 'allegation',
      after: { filter: f, count: r.length },
    });
    await recordExport(
      trx,
      caller,
      r.map((x) => x.id),
    );
    return r;
  });
  return allegationsWorkbook(
    rows.map((r) => listItem(r, today)),
    locale,
  );
}

/** GET /denuncia-settings */
export async function getSettings(deps: AppDeps, caller: TenantCaller) {
  return settingsOf(deps, caller.companyId);
}

/** PUT /denuncia-settings: categories and deadlines of the channel (the allegations administrator). */
export async function putSettings(deps: AppDeps, caller: TenantCaller, body: AllegationSettingsView) {
  const categories = [...new Set(body.categories.map((c) => c.trim()))];
  const before = await settingsOf(deps, caller.companyId);
  // another country's category (Ley Karin in a Brazilian company) is refused naming the entry (decision 136)
  const foreign = body.categories.findIndex((c) => !categoryAllowedIn(before.country, c.trim()));
  if (foreign >= 0) throw allegationError('ALLEGATION_CATEGORY_OTHER_COUNTRY', { field: `categories.${foreign}` });
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.upsertSettings(trx, caller.companyId, {
      categories: JSON.stringify(categories),
      acknowledgeDays: body.acknowledgeDays,
      feedbackMonths: body.feedbackMonths,
      karinBusinessDays: body.karinBusinessDays,
      remindDaysBefore: body.remindDaysBefore,
    });
    await audit(trx, caller, {
      action: 'allegation.settings.updated',
      entity: 'allegationSettings',
      before,
      after: { ...body, country: before.country },
    });
    return {
      country: before.country,
      categories: row.categories as string[],
      acknowledgeDays: row.acknowledgeDays,
      feedbackMonths: row.feedbackMonths,
      karinBusinessDays: row.karinBusinessDays,
      remindDaysBefore: row.remindDaysBefore,
    };
  });
}

/**
 * GET /denuncia-channel: whether the caller's company's channel takes reports (active channel, active company), for
 * the signed-in sidebar's link; the public page's GET /denuncia-public/channel/{id} stays the visitors'.
 */
export async function channelStatus(deps: AppDeps, caller: TenantCaller) {
  const company = await findCompany(deps.db, caller.companyId);
  return {
    companyId: caller.companyId,
    active: company?.allegationsChannelStatus === 'active' && company.status === 'active',
  };
}
