import { CourseBody, CourseView, IdParams } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import { coursesAccess } from './courses.policy';
import * as service from './courses.service';

const tags = ['courses'];

/** Course links of /home/courses. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/courses',
    {
      config: { access: coursesAccess.read },
      schema: {
        tags,
        summary: "Course links: the active ones of the company's language (every one for the super administrator)",
        response: { 200: z.array(CourseView) },
      },
    },
    async (req) => service.listCourses(deps, callerOf(req)),
  );

  app.post(
    '/courses',
    {
      config: { access: coursesAccess.manage },
      schema: { tags, summary: 'Add a course link (audited)', body: CourseBody, response: { 200: CourseView } },
    },
    async (req) => service.createCourse(deps, callerOf(req), req.body),
  );

  app.patch(
    '/courses/:id',
    {
      config: { access: coursesAccess.manage },
      schema: {
        tags,
        summary: 'Change a course link (audited)',
        params: IdParams,
        body: CourseBody.partial(),
        response: { 200: CourseView },
      },
    },
    async (req) => service.updateCourse(deps, callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/courses/:id',
    {
      config: { access: coursesAccess.manage },
      schema: {
        tags,
        summary: 'Remove a course link (audited)',
        params: IdParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => service.deleteCourse(deps, callerOf(req), req.params.id),
  );
};
