import type { Insertable } from 'kysely';
import { tenantRows } from '../../db/crud';
import type { FichaScreeningsTable } from '../../db/tables/fichas.screenings.tables';
import type { Executor } from '../../db/tenant';

/** The recorded screenings of fichas, with their hits (migration 0820). */

/** Several recorded screenings in one statement (a bulk load's batch), answered in the order given. */
export async function insertScreenings(db: Executor, rows: Insertable<FichaScreeningsTable>[]) {
  if (!rows.length) return [];
  return db.insertInto('fichaScreenings').values(rows).returning(['id', 'screenedAt']).execute();
}

/** The recorded screenings of a ficha, oldest first. */
export async function screeningsOf(db: Executor, companyId: string, fichaId: string) {
  return tenantRows(db, 'fichaScreenings', companyId)
    .where('fichaId', '=', fichaId)
    .orderBy('screenedAt')
    .orderBy('id')
    .execute();
}
