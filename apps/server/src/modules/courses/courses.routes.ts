import { CourseBody, CourseView, IdParams } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { coursesAccess } from './courses.policy';
import * as service from './courses.service';

const tags = ['courses'];

/** Course links of /home/courses. */
export const coursesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/courses',
    {
      access: coursesAccess.read,
      summary: "Course links: the active ones of the company's language (every one for the super administrator)",
      reply: z.array(CourseView),
    },
    (req) => service.listCourses(deps, callerOf(req)),
  );

  r.post(
    '/courses',
    { access: coursesAccess.manage, summary: 'Add a course link (audited)', body: CourseBody, reply: CourseView },
    (req) => service.createCourse(deps, callerOf(req), req.body),
  );

  r.patch(
    '/courses/:id',
    {
      access: coursesAccess.manage,
      summary: 'Change a course link (audited)',
      params: IdParams,
      body: CourseBody.partial(),
      reply: CourseView,
    },
    (req) => service.updateCourse(deps, callerOf(req), req.params.id, req.body),
  );

  r.delete(
    '/courses/:id',
    {
      access: coursesAccess.manage,
      summary: 'Remove a course link (audited)',
      params: IdParams,
      reply: z.object({ ok: z.literal(true) }),
    },
    (req) => service.deleteCourse(deps, callerOf(req), req.params.id),
  );
});
