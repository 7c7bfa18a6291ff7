import type { FoundationTables } from './schema';

/**
 * The whole database as Kysely sees it: the foundation's tables plus each feature module's.
 * A feature adds `extends XTables` here, with its interface in modules/<feature>/<feature>.tables.ts.
 */
export interface Database extends FoundationTables {}
