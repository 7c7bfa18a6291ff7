import type { Db } from './database';

/** Installation-wide settings kept in the database (shared by every process): one JSON value per key. */

/** The stored value of a key, or undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('appSettings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores a value unless the key already has one (two processes starting together keep the first). */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown) {
  await db
    .insertInto('appSettings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
