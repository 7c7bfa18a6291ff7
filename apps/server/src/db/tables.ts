import type { FoundationTables } from './schema';
import type { AllegationsTables } from './tables/allegations.tables';
import type { BacenTables } from './tables/bacen.tables';
import type { BulkLoadsTables } from './tables/bulk-loads.tables';
import type { CommercialReportTables } from './tables/commercial-report.tables';
import type { CompanyConfigTables } from './tables/company-config.tables';
import type { CoursesTables } from './tables/courses.tables';
import type { CurrencyRatesTables } from './tables/currency-rates.tables';
import type { DismissalsTables } from './tables/dismissals.tables';
import type { FeatureFlagsTables } from './tables/feature-flags.tables';
import type { FichaReviewsTables } from './tables/ficha-reviews.tables';
import type { FichaEddTables } from './tables/fichas.edd.tables';
import type { FichaPepTables } from './tables/fichas.pep.tables';
import type { FichaScreeningsTables } from './tables/fichas.screenings.tables';
import type { FichasTables } from './tables/fichas.tables';
import type { FormsTables } from './tables/forms.tables';
import type { ListsTables } from './tables/lists.tables';
import type { MailProfilesTables } from './tables/mail-profiles.tables';
import type { MonitoringTables } from './tables/monitoring.tables';
import type { OperationsTables } from './tables/operations.tables';
import type { PeopleTables } from './tables/people.tables';
import type { ProvidersTables } from './tables/providers.tables';
import type { SsoTables } from './tables/sso.tables';
import type { TransactionsTables } from './tables/transactions.tables';
import type { WebhooksTables } from './tables/webhooks.tables';

/**
 * The whole database as Kysely sees it: the foundation's tables plus each feature module's.
 * A feature adds `extends XTables` here, with its interface in db/tables/<feature>.tables.ts (below the modules, decision 264).
 */
export interface Database
  extends FoundationTables,
    ListsTables,
    FichasTables,
    FichaReviewsTables,
    FichaEddTables,
    FichaPepTables,
    FichaScreeningsTables,
    OperationsTables,
    TransactionsTables,
    CurrencyRatesTables,
    FeatureFlagsTables,
    DismissalsTables,
    ProvidersTables,
    BacenTables,
    CommercialReportTables,
    AllegationsTables,
    BulkLoadsTables,
    WebhooksTables,
    PeopleTables,
    FormsTables,
    MailProfilesTables,
    SsoTables,
    CompanyConfigTables,
    CoursesTables,
    MonitoringTables {}
