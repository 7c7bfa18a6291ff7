import { allegationsModule } from './allegations';
import { bacenModule } from './bacen';
import { blacklistsModule } from './blacklists';
import { bulkLoadsModule } from './bulk-loads';
import { commercialReportModule } from './commercial-report';
import { companyConfigModule } from './company-config';
import { coursesModule } from './courses';
import { currencyRatesModule } from './currency-rates';
import { dismissalsModule } from './dismissals';
import { featureFlagsModule } from './feature-flags';
import type { FeatureModule } from './feature-module';
import { fichaEddModule } from './ficha-edd';
import { fichaFilesModule } from './ficha-files';
import { fichaReviewsModule } from './ficha-reviews';
import { fichasModule } from './fichas';
import { formsModule } from './forms';
import { inspectionModule } from './inspection';
import { listInternsModule } from './list-interns';
import { listsModule } from './lists';
import { mailProfilesModule } from './mail-profiles';
import { manualsModule } from './manuals';
import { monitoringModule } from './monitoring';
import { operationsModule } from './operations';
import { peopleModule } from './people';
import { providersModule } from './providers';
import { referenceModule } from './reference';
import { relationshipsModule } from './relationships';
import { reportsModule } from './reports';
import { riskModule } from './risk';
import { searchModule } from './search';
import { searchLogsModule } from './search-logs';
import { ssoModule } from './sso';
import { tagsModule } from './tags';
import { transactionsModule } from './transactions';
import { vigilanciaModule } from './vigilancia';
import { webhooksModule } from './webhooks';

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
