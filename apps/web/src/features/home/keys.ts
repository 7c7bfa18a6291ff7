/** Query keys of the home feature (decision 279): the dashboard and the courses. */
export const homeKeys = {
  dashboard: (from: string, to: string) => ['dashboard', from, to] as const,
  courses: ['courses'] as const,
};
