import type { AllegationListFilter } from '@regcheck/shared/schemas/allegations';
import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { Database } from '../../db/tables';
import type {
  AllegationFilesTable,
  AllegationMessagesTable,
  AllegationSettingsTable,
  AllegationStatusChangesTable,
  AllegationsTable,
} from '../../db/tables/allegations.tables';
import type { Executor } from '../../db/tenant';
import type { StoredFile } from './allegations.attachments';
import { ALLEGATION_NOTIFICATION_KIND } from './allegations.policy';

// ------------------------------------------------------------ settings

export function findSettings(ex: Executor, companyId: string) {
  return tenantRows(ex, 'allegationSettings', companyId).executeTakeFirst();
}

export function upsertSettings(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<AllegationSettingsTable>, 'companyId'>,
) {
  return ex
    .insertInto('allegationSettings')
    .values({ ...row, companyId })
    .onConflict((oc) => oc.column('companyId').doUpdateSet({ ...row, updatedAt: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ------------------------------------------------------------ reports

export function insertAllegation(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<AllegationsTable>, 'companyId'>,
) {
  return ex
    .insertInto('allegations')
    .values({ ...row, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function codeExists(ex: Executor, code: string) {
  return ex.selectFrom('allegations').select('id').where('code', '=', code).executeTakeFirst();
}

export function findByCode(ex: Executor, companyId: string, code: string) {
  return tenantRows(ex, 'allegations', companyId).where('code', '=', code).executeTakeFirst();
}

function withAssignee(ex: Executor, companyId: string) {
  return ex
    .selectFrom('allegations')
    .leftJoin('users', 'users.id', 'allegations.assignedTo')
    .selectAll('allegations')
    .select('users.name as assignedName')
    .where('allegations.companyId', '=', companyId);
}

export function findAllegation(ex: Executor, companyId: string, id: string) {
  return withAssignee(ex, companyId).where('allegations.id', '=', id).executeTakeFirst();
}

export type AllegationRow = NonNullable<Awaited<ReturnType<typeof findAllegation>>>;

export function updateAllegation(ex: Executor, companyId: string, id: string, patch: Updateable<AllegationsTable>) {
  return tenantUpdate(ex, 'allegations', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The open deadline of a row as SQL: acknowledgement while received, else the earlier of investigation/feedback. */
const NEXT_DUE = sql<string | null>`case
  when allegations.status in ('resolved', 'dismissed') then null
  when allegations.status = 'received' then allegations.acknowledge_due
  when allegations.investigation_due is not null and allegations.investigation_due < allegations.feedback_due
    then allegations.investigation_due
  else allegations.feedback_due end`;

function filtered(ex: Executor, companyId: string, f: Omit<AllegationListFilter, 'limit' | 'skip'>, today: string) {
  let q = withAssignee(ex, companyId);
  if (f.status) q = q.where('allegations.status', '=', f.status);
  if (f.category) q = q.where('allegations.category', '=', f.category);
  if (f.assignedTo === 'none') q = q.where('allegations.assignedTo', 'is', null);
  else if (f.assignedTo) q = q.where('allegations.assignedTo', '=', f.assignedTo);
  if (f.from)
    q = q.where(sql<boolean>`(allegations.created_at at time zone 'America/Santiago')::date >= ${f.from}::date`);
  if (f.to) q = q.where(sql<boolean>`(allegations.created_at at time zone 'America/Santiago')::date <= ${f.to}::date`);
  if (f.overdue === true) q = q.where(sql<boolean>`${NEXT_DUE} < ${today}`);
  if (f.overdue === false) q = q.where(sql<boolean>`coalesce(${NEXT_DUE} >= ${today}, true)`);
  return q;
}

export function listAllegations(ex: Executor, companyId: string, f: AllegationListFilter, today: string) {
  return filtered(ex, companyId, f, today)
    .orderBy('allegations.createdAt', 'desc')
    .orderBy('allegations.id')
    .limit(f.limit)
    .offset(f.skip)
    .execute();
}

export async function countAllegations(
  ex: Executor,
  companyId: string,
  f: Omit<AllegationListFilter, 'limit' | 'skip'>,
  today: string,
) {
  const row = await filtered(ex, companyId, f, today)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every report of the filter for an export (at most `max`). */
export function exportAllegations(
  ex: Executor,
  companyId: string,
  f: Omit<AllegationListFilter, 'limit' | 'skip'>,
  today: string,
  max: number,
) {
  return filtered(ex, companyId, f, today).orderBy('allegations.createdAt', 'desc').limit(max).execute();
}

// ------------------------------------------------------------ messages, notes, files, history

/** The tables of a report's conversation, notes and history: rows written by a user (or by nobody, the reporter). */
type AuthoredTable = 'allegationMessages' | 'allegationNotes' | 'allegationStatusChanges';

/** A report's rows of one of those tables, oldest first, each with its author's name (null for the reporter). */
function authoredRows<T extends AuthoredTable>(ex: Executor, table: T, companyId: string, allegationId: string) {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  // Kysely types selectFrom of a table type parameter as a union of builders; the query is the same for each
  // biome-ignore lint/complexity/noBannedTypes: {} is Kysely's "nothing selected yet"
  return (ex.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, {}>)
    .leftJoin('users', (j) => j.on(sql<boolean>`users.id = ${col('userId')}`))
    .selectAll(table)
    .select(sql<string | null>`users.name`.as('authorName'))
    .where(col('companyId'), '=', companyId)
    .where(col('allegationId'), '=', allegationId)
    .orderBy(col('createdAt'))
    .orderBy(col('id'))
    .execute() as unknown as Promise<(Selectable<Database[T]> & { authorName: string | null })[]>;
}

/** A message of the conversation, with its files (uploaded by the message's author). */
export async function insertMessage(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<AllegationMessagesTable>, 'companyId'>,
  files: StoredFile[] = [],
) {
  const m = await ex
    .insertInto('allegationMessages')
    .values({ ...row, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertFiles(ex, companyId, { allegationId: row.allegationId, messageId: m.id, uploadedBy: row.author }, files);
  return m;
}

export function listMessages(ex: Executor, companyId: string, allegationId: string) {
  return authoredRows(ex, 'allegationMessages', companyId, allegationId);
}

export function insertNote(ex: Executor, companyId: string, allegationId: string, userId: string, body: string) {
  return ex
    .insertInto('allegationNotes')
    .values({ companyId, allegationId, userId, body })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Internal notes: read only by the handling calls, never by a public one. */
export function listNotes(ex: Executor, companyId: string, allegationId: string) {
  return authoredRows(ex, 'allegationNotes', companyId, allegationId);
}

/** The status changes of a report, oldest first, with the name of who made each. */
export function listHistory(ex: Executor, companyId: string, allegationId: string) {
  return authoredRows(ex, 'allegationStatusChanges', companyId, allegationId);
}

export function insertStatusChange(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<AllegationStatusChangesTable>, 'companyId'>,
) {
  return ex
    .insertInto('allegationStatusChanges')
    .values({ ...row, companyId })
    .execute();
}

/** Records stored files as the attachments of a report, of one of its messages or of one of its notes. */
export function insertFiles(
  ex: Executor,
  companyId: string,
  owner: Pick<Insertable<AllegationFilesTable>, 'allegationId' | 'messageId' | 'noteId' | 'uploadedBy'>,
  files: StoredFile[],
) {
  if (files.length === 0) return Promise.resolve([]);
  return ex
    .insertInto('allegationFiles')
    .values(
      files.map((f) => ({
        ...owner,
        companyId,
        storedName: f.storedName,
        name: f.name,
        mime: f.mime,
        size: f.bytes.length,
      })),
    )
    .returningAll()
    .execute();
}

/**
 * A report's files, oldest first. `reporterOnly`: the files the reporter may see, the report's and the messages',
 * never those of an internal note.
 */
function filesOf(ex: Executor, companyId: string, allegationId: string, reporterOnly: boolean) {
  let q = tenantRows(ex, 'allegationFiles', companyId).where('allegationId', '=', allegationId);
  if (reporterOnly) q = q.where('noteId', 'is', null);
  return q;
}

export function listFiles(ex: Executor, companyId: string, allegationId: string, reporterOnly = false) {
  return filesOf(ex, companyId, allegationId, reporterOnly).orderBy('createdAt').orderBy('id').execute();
}

/** One file of a report; with `reporterOnly` (the holder of the id and pin) never a file of an internal note. */
export function findFile(ex: Executor, companyId: string, allegationId: string, fileId: string, reporterOnly = false) {
  return filesOf(ex, companyId, allegationId, reporterOnly).where('id', '=', fileId).executeTakeFirst();
}

// ------------------------------------------------------------ people

/** Active users of the company with one of the roles (the handlers a report can be assigned to). */
export function listUsersWithRoles(ex: Executor, companyId: string, roles: string[]) {
  return ex
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('companyId', '=', companyId)
    .where('role', 'in', roles)
    .where('active', '=', true)
    .orderBy('name')
    .execute();
}

// ------------------------------------------------------------ dashboard

/** Counts of the reports filed between two Chilean dates, grouped by one column (or the month). */
export async function countBy(
  ex: Executor,
  companyId: string,
  by: 'month' | 'anonymous' | 'relationship' | 'status' | 'assigned' | 'category',
  init: string,
  end: string,
) {
  const local = sql`(allegations.created_at at time zone 'America/Santiago')`;
  const key = {
    month: sql<string>`to_char(${local}, 'YYYY-MM')`,
    anonymous: sql<string>`case when allegations.anonymous then 'anonymous' else 'identified' end`,
    relationship: sql<string>`allegations.relationship`,
    status: sql<string>`allegations.status`,
    assigned: sql<string>`coalesce(allegations.assigned_to::text, 'none')`,
    category: sql<string>`allegations.category`,
  }[by];
  const rows = await ex
    .selectFrom('allegations')
    .leftJoin('users', 'users.id', 'allegations.assignedTo')
    .select([key.as('key'), sql<string | null>`max(users.name)`.as('label'), sql<number>`count(*)`.as('count')])
    .where('allegations.companyId', '=', companyId)
    .where(sql<boolean>`${local}::date between ${init}::date and ${end}::date`)
    .groupBy(key)
    .orderBy(key)
    .execute();
  return rows.map((r) => ({ key: r.key, label: by === 'assigned' ? r.label : null, count: Number(r.count) }));
}

// ------------------------------------------------------------ deadlines job

/** The companies that have open reports (the daily job visits each). Runs as the system, across companies. */
export function companiesWithOpenReports(ex: Executor) {
  return ex
    .selectFrom('allegations')
    .select('companyId')
    .distinct()
    .where('status', 'not in', ['resolved', 'dismissed'])
    .execute();
}

export function openAllegations(ex: Executor, companyId: string) {
  return withAssignee(ex, companyId).where('allegations.status', 'not in', ['resolved', 'dismissed']).execute();
}

/** Records a notice once; answers false when it was already sent. */
export async function claimNotice(
  ex: Executor,
  companyId: string,
  allegationId: string,
  deadline: 'acknowledge' | 'feedback' | 'investigation',
  stage: 'soon' | 'passed',
) {
  const r = await ex
    .insertInto('allegationNotices')
    .values({ companyId, allegationId, deadline, stage })
    .onConflict((oc) => oc.columns(['allegationId', 'deadline', 'stage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export function findUserEmail(ex: Executor, companyId: string, userId: string) {
  return ex
    .selectFrom('users')
    .select(['id', 'email', 'name', 'lang'])
    .where('companyId', '=', companyId)
    .where('id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The in-app notification of a deadline (the notifications list of the two allegation roles). */
export function insertDeadlineNotification(
  ex: Executor,
  companyId: string,
  row: { title: string; description: string; data: Record<string, unknown> },
) {
  return ex
    .insertInto('notifications')
    .values({
      companyId,
      title: row.title,
      description: row.description,
      kind: ALLEGATION_NOTIFICATION_KIND,
      data: JSON.stringify(row.data),
    })
    .execute();
}

/** The demo seed dates a report in the past (its filing date and due dates move together). */
export function backdate(
  ex: Executor,
  companyId: string,
  id: string,
  row: { createdAt: Date; acknowledgeDue: string; feedbackDue: string; investigationDue: string | null },
) {
  return tenantUpdate(ex, 'allegations', companyId, row).where('id', '=', id).execute();
}
