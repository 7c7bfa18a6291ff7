import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_api_clients';
import * as m0100 from './0100_lists';
import * as m0101 from './0101_risk_cities';
import * as m0200 from './0200_fichas';
import * as m0201 from './0201_fichas_search';
import * as m0202 from './0202_fichas_search_functions';
import * as m0300 from './0300_operations';
import * as m0301 from './0301_operations_indexes';
import * as m0302 from './0302_operations_search';
import * as m0303 from './0303_operation_public_links';
import * as m0309 from './0309_public_link_email_changes';
import * as m0310 from './0310_tenant_references';

/**
 * Every migration, in order. Feature modules add theirs here (`NNNN_<feature>.ts`); names sort by number.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_api_clients': m0002,
  '0100_lists': m0100,
  '0101_risk_cities': m0101,
  '0200_fichas': m0200,
  '0201_fichas_search': m0201,
  '0202_fichas_search_functions': m0202,
  '0300_operations': m0300,
  '0301_operations_indexes': m0301,
  '0302_operations_search': m0302,
  '0303_operation_public_links': m0303,
  '0309_public_link_email_changes': m0309,
  '0310_tenant_references': m0310,
};
