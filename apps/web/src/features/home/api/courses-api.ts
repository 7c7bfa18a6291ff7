import type { CourseBody, CourseView } from '@regcheck/shared/schemas/company-admin';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

export type Course = z.infer<typeof CourseView>;
export type CourseInput = z.infer<typeof CourseBody>;

/** The course links of /home/courses (kept by the super administrator). */
export const coursesApi = {
  list: () => api.get<Course[]>('/courses'),
  add: (body: CourseInput) => api.post<Course>('/courses', body),
  change: (id: string, body: Partial<CourseInput>) => api.patch<Course>(`/courses/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ ok: true }>(`/courses/${encodeURIComponent(id)}`),
};
