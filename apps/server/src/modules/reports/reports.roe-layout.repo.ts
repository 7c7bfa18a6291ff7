import type { Executor } from '../../db/tenant';

/** The platform setting that holds the ROE file's layout (decision 180); none stored: the layout RegCheck ships. */
const KEY = 'roe.layout';

export function storedRoeLayout(db: Executor) {
  return db
    .selectFrom('platformSettings as s')
    .leftJoin('users as u', 'u.id', 's.updatedBy')
    .select(['s.value', 's.updatedAt', 'u.name as updatedByName'])
    .where('s.key', '=', KEY)
    .executeTakeFirst();
}

export async function saveRoeLayout(db: Executor, layout: unknown, userId: string | null) {
  const value = JSON.stringify(layout);
  await db
    .insertInto('platformSettings')
    .values({ key: KEY, value, updatedBy: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedBy: userId, updatedAt: new Date() }))
    .execute();
}

export async function deleteRoeLayout(db: Executor) {
  await db.deleteFrom('platformSettings').where('key', '=', KEY).execute();
}
