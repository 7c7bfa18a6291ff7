import type { Insertable, Updateable } from 'kysely';
import type { CoursesTable } from '../../db/tables/courses.tables';
import type { Executor } from '../../db/tenant';

// Courses are platform-wide (no company): read by every company user, written by the super administrator.

export function listCourses(db: Executor, opts: { onlyActive: boolean; language?: string | null }) {
  let q = db.selectFrom('courses').selectAll().where('deletedAt', 'is', null);
  if (opts.onlyActive) q = q.where('active', '=', true);
  if (opts.language)
    q = q.where((eb) => eb.or([eb('language', 'is', null), eb('language', '=', opts.language as 'es')]));
  return q.orderBy('createdAt', 'desc').execute();
}

export function findCourse(db: Executor, id: string) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

export function insertCourse(db: Executor, v: Insertable<CoursesTable>) {
  return db.insertInto('courses').values(v).returningAll().executeTakeFirstOrThrow();
}

export function updateCourse(db: Executor, id: string, patch: Updateable<CoursesTable>) {
  return db
    .updateTable('courses')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
