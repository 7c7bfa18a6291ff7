import type { AllegationsTables } from '../modules/allegations/allegations.tables';
import type { BacenTables } from '../modules/bacen/bacen.tables';
import type { BulkLoadsTables } from '../modules/bulk-loads/bulk-loads.tables';
import type { CommercialReportTables } from '../modules/commercial-report/commercial-report.tables';
import type { CompanyConfigTables } from '../modules/company-config/company-config.tables';
import type { CoursesTables } from '../modules/courses/courses.tables';
import type { CurrencyRatesTables } from '../modules/currency-rates/currency-rates.tables';
import type { DismissalsTables } from '../modules/dismissals/dismissals.tables';
import type { FeatureFlagsTables } from '../modules/feature-flags/feature-flags.tables';
import type { FichaReviewsTables } from '../modules/ficha-reviews/ficha-reviews.tables';
import type { FichaEddTables } from '../modules/fichas/fichas.edd.tables';
import type { FichaPepTables } from '../modules/fichas/fichas.pep.tables';
import type { FichaScreeningsTables } from '../modules/fichas/fichas.screenings.tables';
import type { FichasTables } from '../modules/fichas/fichas.tables';
import type { FormsTables } from '../modules/forms/forms.tables';
import type { ListsTables } from '../modules/lists/lists.tables';
import type { MailProfilesTables } from '../modules/mail-profiles/mail-profiles.tables';
import type { MonitoringTables } from '../modules/monitoring/monitoring.tables';
import type { OperationsTables } from '../modules/operations/operations.tables';
import type { PeopleTables } from '../modules/people/people.tables';
import type { ProvidersTables } from '../modules/providers/providers.tables';
import type { SsoTables } from '../modules/sso/sso.tables';
import type { TransactionsTables } from '../modules/transactions/transactions.tables';
import type { WebhooksTables } from '../modules/webhooks/webhooks.tables';
import type { FoundationTables } from './schema';

/**
 * The whole database as Kysely sees it: the foundation's tables plus each feature module's.
 * A feature adds `extends XTables` here, with its interface in modules/<feature>/<feature>.tables.ts.
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
