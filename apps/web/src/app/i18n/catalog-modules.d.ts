/** The per-language catalogue modules made by vite.config.ts (localeCatalogs). */
declare module 'virtual:regcheck-catalog/*' {
  const catalog: Record<string, Record<string, unknown>>;
  export default catalog;
}
