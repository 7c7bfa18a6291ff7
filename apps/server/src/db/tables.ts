import type { CurrencyRatesTables } from '../modules/currency-rates/currency-rates.tables';
import type { FeatureFlagsTables } from '../modules/feature-flags/feature-flags.tables';
import type { FichasTables } from '../modules/fichas/fichas.tables';
import type { ListsTables } from '../modules/lists/lists.tables';
import type { OperationsTables } from '../modules/operations/operations.tables';
import type { TransactionsTables } from '../modules/transactions/transactions.tables';
import type { FoundationTables } from './schema';

/**
 * The whole database as Kysely sees it: the foundation's tables plus each feature module's.
 * A feature adds `extends XTables` here, with its interface in modules/<feature>/<feature>.tables.ts.
 */
export interface Database
  extends FoundationTables,
    ListsTables,
    FichasTables,
    OperationsTables,
    TransactionsTables,
    CurrencyRatesTables,
    FeatureFlagsTables {}
