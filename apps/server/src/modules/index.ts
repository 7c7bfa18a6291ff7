import type { FeatureModule } from './feature-module';
import { allegationsModule } from './allegations/allegations.module';
import { bacenModule } from './bacen/bacen.module';
import { blacklistsModule } from './blacklists/blacklists.module';
import { bulkLoadsModule } from './bulk-loads/bulk-loads.module';
import { commercialReportModule } from './commercial-report/commercial-report.module';
import { companyConfigModule } from './company-config/company-config.module';
import { coursesModule } from './courses/courses.module';
import { currencyRatesModule } from './currency-rates/currency-rates.module';
import { dismissalsModule } from './dismissals/dismissals.module';
import { featureFlagsModule } from './feature-flags/feature-flags.module';
import { fichaEddModule } from './ficha-edd/ficha-edd.module';
import { fichaFilesModule } from './ficha-files/ficha-files.module';
import { fichaReviewsModule } from './ficha-reviews/ficha-reviews.module';
import { fichasModule } from './fichas/fichas.module';
import { formsModule } from './forms/forms.module';
import { inspectionModule } from './inspection/inspection.module';
import { listInternsModule } from './list-interns/list-interns.module';
import { listsModule } from './lists/lists.module';
import { mailProfilesModule } from './mail-profiles/mail-profiles.module';
import { manualsModule } from './manuals/manuals.module';
import { monitoringModule } from './monitoring/monitoring.module';
import { operationsModule } from './operations/operations.module';
import { peopleModule } from './people/people.module';
import { providersModule } from './providers/providers.module';
import { referenceModule } from './reference/reference.module';
import { relationshipsModule } from './relationships/relationships.module';
import { reportsModule } from './reports/reports.module';
import { riskModule } from './risk/risk.module';
import { searchModule } from './search/search.module';
import { searchLogsModule } from './search-logs/search-logs.module';
import { ssoModule } from './sso/sso.module';
import { tagsModule } from './tags/tags.module';
import { transactionsModule } from './transactions/transactions.module';
import { vigilanciaModule } from './vigilancia/vigilancia.module';
import { webhooksModule } from './webhooks/webhooks.module';

/** Every feature module, in order. A feature adds itself here. */
export const featureModules: FeatureModule[] = [
  operationsModule,
  transactionsModule,
  currencyRatesModule,
  featureFlagsModule,
  listsModule,
  searchModule,
  searchLogsModule,
  listInternsModule,
  blacklistsModule,
  fichasModule,
  relationshipsModule,
  fichaFilesModule,
  fichaReviewsModule,
  fichaEddModule,
  tagsModule,
  riskModule,
  referenceModule,
  monitoringModule,
  dismissalsModule,
  reportsModule,
  manualsModule,
  webhooksModule,
  providersModule,
  bulkLoadsModule,
  allegationsModule,
  bacenModule,
  formsModule,
  inspectionModule,
  commercialReportModule,
  peopleModule,
  mailProfilesModule,
  ssoModule,
  companyConfigModule,
  coursesModule,
  vigilanciaModule,
];
