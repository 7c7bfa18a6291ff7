import type { Executor } from './tenant';

/**
 * The platform's settings the super administrator changes (table platform_settings, migration 0520): one JSON value
 * per key, with who changed it and when. Used by the monitoring day and the ROE file's layout (decision 180).
 */

/** The stored value of `key` with when and by whom it was last changed; undefined when it was never set. */
export function platformSetting(ex: Executor, key: string) {
  return ex
    .selectFrom('platformSettings as s')
    .leftJoin('users as u', 'u.id', 's.updatedBy')
    .select(['s.value', 's.updatedAt', 'u.name as updatedByName'])
    .where('s.key', '=', key)
    .executeTakeFirst();
}

export function setPlatformSetting(ex: Executor, key: string, value: unknown, userId: string | null) {
  const v = JSON.stringify(value);
  return ex
    .insertInto('platformSettings')
    .values({ key, value: v, updatedBy: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: v, updatedBy: userId, updatedAt: new Date() }))
    .execute();
}

/** Removes `key`: the setting is back to its default. */
export async function deletePlatformSetting(ex: Executor, key: string) {
  await ex.deleteFrom('platformSettings').where('key', '=', key).execute();
}
