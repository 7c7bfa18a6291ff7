import type { Expression, Insertable, RawBuilder, SqlBool, Updateable } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { ListInternsTable } from './list-interns.tables';

export function findById(ex: Executor, companyId: string, id: string) {
  return ex
    .selectFrom('listInterns')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findActiveByDniKey(ex: Executor, companyId: string, dniKey: string) {
  return ex
    .selectFrom('listInterns')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('dniKey', '=', dniKey)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

export function list(
  ex: Executor,
  companyId: string,
  where: Expression<SqlBool>,
  order: RawBuilder<unknown>,
  limit: number,
  skip: number,
) {
  return ex
    .selectFrom('listInterns')
    .selectAll()
    .where('companyId', '=', companyId)
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function count(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('listInterns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', companyId)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}

export function insert(ex: Executor, companyId: string, row: Omit<Insertable<ListInternsTable>, 'companyId'>) {
  return ex
    .insertInto('listInterns')
    .values({ ...row, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function update(ex: Executor, companyId: string, id: string, patch: Updateable<ListInternsTable>) {
  return ex
    .updateTable('listInterns')
    .set({ ...patch, updatedAt: new Date() })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
