import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from '../schema';

/** A course link of the platform (no company: every company user reads the active ones). */
export interface CoursesTable {
  id: Generated<string>;
  title: string;
  url: string;
  description: Generated<string>;
  language: 'es' | 'br' | 'en' | null;
  active: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedBy: string | null;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
}

export type CourseRow = Selectable<CoursesTable>;

export interface CoursesTables {
  courses: CoursesTable;
}
