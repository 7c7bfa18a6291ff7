import type { Insertable } from 'kysely';
import type { PositionsTable } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';

/** Positions (occupations): the global list (no company) plus the company's own, by name. */
export function listPositions(db: Executor, companyId: string) {
  return db
    .selectFrom('positions')
    .selectAll()
    .where((eb) => eb.or([eb('companyId', 'is', null), eb('companyId', '=', companyId)]))
    .orderBy('name')
    .execute();
}

/** Adds a position to a company's list. */
export function insertPosition(db: Executor, row: Insertable<PositionsTable> & { companyId: string }) {
  return db.insertInto('positions').values(row).returningAll().executeTakeFirstOrThrow();
}
