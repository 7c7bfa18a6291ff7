import type { CourseBody } from '@regcheck/shared';
import type { z } from 'zod';
import type { CourseRow } from '../../db/tables/courses.tables';
import { withSystem } from '../../db/tenant';
import { type AuditActor, audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { seesEveryCourse } from './courses.policy';
import * as repo from './courses.repo';

/*
 * Course links of /home/courses (issue 13): platform-wide, kept by the super administrator (every change audited,
 * as the platform: no company), read by company users in their company's language or in every language.
 */

type Body = z.infer<typeof CourseBody>;

const courseError = (code: 'COURSE_NOT_FOUND' | 'COURSE_URL_INVALID', field?: string) =>
  new AppError(code, { field, messageKey: `companyConfig:errors.${code}` });

export function toCourseView(c: CourseRow) {
  return {
    id: c.id,
    title: c.title,
    url: c.url,
    description: c.description,
    language: c.language,
    active: c.active,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const platform = (caller: Caller): AuditActor => ({
  companyId: null,
  userId: caller.auth.userId,
  ip: caller.ip,
  requestId: caller.requestId,
});

/** A course link is an https address without credentials. */
function checkedUrl(raw: string) {
  const u = URL.canParse(raw) ? new URL(raw) : null;
  if (u && u.protocol === 'https:' && !u.username && !u.password) return u.href;
  throw courseError('COURSE_URL_INVALID', 'url');
}

/** GET /courses: every course for the super administrator; otherwise the active ones of the user's language (else the company's) and those for every language. */
export async function listCourses(deps: AppDeps, caller: Caller) {
  const all = seesEveryCourse(caller);
  const rows = await repo.listCourses(deps.db, {
    onlyActive: !all,
    language: all ? null : (caller.auth.user.lang ?? caller.auth.company?.language ?? null),
  });
  return rows.map(toCourseView);
}

/** POST /courses (super administrator), audited. */
export async function createCourse(deps: AppDeps, caller: Caller, b: Body) {
  const url = checkedUrl(b.url);
  return withSystem(deps.db, async (trx) => {
    const row = await repo.insertCourse(trx, {
      title: b.title,
      url,
      description: b.description ?? '',
      language: b.language ?? null,
      active: b.active ?? true,
      createdBy: caller.auth.userId,
      updatedBy: caller.auth.userId,
    });
    const view = toCourseView(row);
    await audit(trx, platform(caller), { action: 'course.created', entity: 'course', id: row.id, after: view });
    return view;
  });
}

/** PATCH /courses/{id} (super administrator), audited. */
export async function updateCourse(deps: AppDeps, caller: Caller, id: string, b: Partial<Body>) {
  const url = b.url !== undefined ? checkedUrl(b.url) : undefined;
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCourse(trx, id);
    if (!before) throw courseError('COURSE_NOT_FOUND');
    const row = await repo.updateCourse(trx, id, {
      title: b.title,
      url,
      description: b.description,
      language: b.language,
      active: b.active,
      updatedBy: caller.auth.userId,
    });
    if (!row) throw courseError('COURSE_NOT_FOUND');
    const view = toCourseView(row);
    await audit(trx, platform(caller), {
      action: 'course.updated',
      entity: 'course',
      id,
      before: toCourseView(before),
      after: view,
    });
    return view;
  });
}

/** DELETE /courses/{id} (super administrator): kept for the audit trail, no longer listed; audited. */
export async function deleteCourse(deps: AppDeps, caller: Caller, id: string) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCourse(trx, id);
    if (!before) throw courseError('COURSE_NOT_FOUND');
    await repo.updateCourse(trx, id, { deletedAt: new Date(), updatedBy: caller.auth.userId });
    await audit(trx, platform(caller), {
      action: 'course.deleted',
      entity: 'course',
      id,
      before: toCourseView(before),
    });
    return { ok: true as const };
  });
}
