import type { Insertable } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { FichaScreeningsTable } from './fichas.screenings.tables';

/** The recorded screenings of fichas, with their hits (migration 0820). */

export async function insertScreening(db: Executor, row: Insertable<FichaScreeningsTable>) {
  return db.insertInto('fichaScreenings').values(row).returning(['id', 'screenedAt']).executeTakeFirstOrThrow();
}

/** The recorded screenings of a ficha, oldest first. */
export async function screeningsOf(db: Executor, companyId: string, fichaId: string) {
  return db
    .selectFrom('fichaScreenings')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .orderBy('screenedAt')
    .orderBy('id')
    .execute();
}
