import { sql } from 'kysely';
import type { AllegationActivityKind } from '../../db/tables/allegations.tables';
import type { Executor } from '../../db/tenant';

/** One line of a report's activity (decision 182): who did what, to whom, with which file; ids only. */
export interface ActivityRow {
  allegationId: string;
  kind: AllegationActivityKind;
  userId: string;
  assigneeId?: string | null;
  previousAssigneeId?: string | null;
  fileId?: string | null;
}

export async function insertActivity(ex: Executor, companyId: string, row: ActivityRow) {
  await ex
    .insertInto('allegationActivity')
    .values({ ...row, companyId })
    .execute();
}

/** The same line on many reports at once (a list export that held them), in one statement. */
export async function insertActivityOnMany(
  ex: Executor,
  companyId: string,
  allegationIds: string[],
  row: Omit<ActivityRow, 'allegationId'>,
) {
  if (allegationIds.length === 0) return;
  await ex
    .insertInto('allegationActivity')
    .columns(['companyId', 'allegationId', 'kind', 'userId'])
    .expression((eb) =>
      eb
        .selectFrom('allegations')
        .select([
          sql<string>`${companyId}::uuid`.as('companyId'),
          'allegations.id',
          sql<string>`${row.kind}::text`.as('kind'),
          sql<string>`${row.userId}::uuid`.as('userId'),
        ])
        .where('allegations.companyId', '=', companyId)
        .where(sql<boolean>`allegations.id = any(${allegationIds}::uuid[])`),
    )
    .execute();
}

/** Whether the user's opening of the report was already recorded since `since`. */
export async function viewedSince(ex: Executor, companyId: string, allegationId: string, userId: string, since: Date) {
  const row = await ex
    .selectFrom('allegationActivity')
    .select('id')
    .where('companyId', '=', companyId)
    .where('allegationId', '=', allegationId)
    .where('userId', '=', userId)
    .where('kind', '=', 'viewed')
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A report's activity, oldest first, with the names of the people and of the file it names. */
export function listActivity(ex: Executor, companyId: string, allegationId: string) {
  return ex
    .selectFrom('allegationActivity as a')
    .innerJoin('users as actor', 'actor.id', 'a.userId')
    .leftJoin('users as assignee', 'assignee.id', 'a.assigneeId')
    .leftJoin('users as previous', 'previous.id', 'a.previousAssigneeId')
    .leftJoin('allegationFiles as f', 'f.id', 'a.fileId')
    .select([
      'a.id',
      'a.kind',
      'a.createdAt',
      'actor.name as userName',
      'assignee.name as assigneeName',
      'previous.name as previousAssigneeName',
      'f.name as fileName',
    ])
    .where('a.companyId', '=', companyId)
    .where('a.allegationId', '=', allegationId)
    .orderBy('a.createdAt')
    .orderBy('a.id')
    .execute();
}
