/** Query keys of the manuals (decision 279). */
export const manualsKeys = {
  all: ['manuals'] as const,
  list: (inactive: boolean) => ['manuals', 'list', inactive] as const,
};
