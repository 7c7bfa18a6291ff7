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
import * as m0400 from './0400_forms';
import * as m0401 from './0401_mail_profiles';
import * as m0410 from './0410_allegations';
import * as m0411 from './0411_allegation_note_files';
import * as m0420 from './0420_bulk_loads';
import * as m0430 from './0430_reports';
import * as m0431 from './0431_manuals';
import * as m0440 from './0440_webhooks';
import * as m0441 from './0441_company_logo';
import * as m0442 from './0442_people';
import * as m0450 from './0450_providers';
import * as m0451 from './0451_bacen';
import * as m0452 from './0452_commercial_report';
import * as m0460 from './0460_match_dismissals';
import * as m0461 from './0461_more_sanctions_lists';
import * as m0470 from './0470_report_exports';
import * as m0500 from './0500_forms_completion';
import * as m0501 from './0501_form_rules_currency';
import * as m0510 from './0510_sso';
import * as m0511 from './0511_company_admin';
import * as m0520 from './0520_pep_register';
import * as m0530 from './0530_provider_accounts';
import * as m0540 from './0540_reports_links';
import * as m0550 from './0550_form_link_attempts';
import * as m0556 from './0556_bacen_registration_lateness';
import * as m0560 from './0560_match_alert_keys';
import * as m0570 from './0570_ficha_reviews';
import * as m0580 from './0580_roe_filings';
import * as m0590 from './0590_pep_import_notes';
import * as m0600 from './0600_allegations_brazil_categories';
import * as m0610 from './0610_operation_cash_rate';
import * as m0620 from './0620_ficha_edd';
import * as m0630 from './0630_operation_due_diligence';
import * as m0640 from './0640_coaf_communications';
import * as m0650 from './0650_form_subject_review';
import * as m0660 from './0660_list_freshness';
import * as m0670 from './0670_ficha_pep';
import * as m0690 from './0690_coaf_communication_currency';
import * as m0700 from './0700_allegation_activity';
import * as m0730 from './0730_fichas_dni_key_index';
import * as m0740 from './0740_news_translations';
import * as m0780 from './0780_notification_keys';
import * as m0790 from './0790_inspection_files';
import * as m0810 from './0810_expiring_counters';
import * as m0820 from './0820_ficha_screenings';
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
  '0430_reports': m0430,
  '0431_manuals': m0431,
  '0420_bulk_loads': m0420,
  '0410_allegations': m0410,
  '0411_allegation_note_files': m0411,
  '0450_providers': m0450,
  '0451_bacen': m0451,
  '0452_commercial_report': m0452,
  '0460_match_dismissals': m0460,
  '0461_more_sanctions_lists': m0461,
  '0470_report_exports': m0470,
  '0530_provider_accounts': m0530,
  '0540_reports_links': m0540,
  '0440_webhooks': m0440,
  '0441_company_logo': m0441,
  '0442_people': m0442,
  '0400_forms': m0400,
  '0401_mail_profiles': m0401,
  '0510_sso': m0510,
  '0511_company_admin': m0511,
  '0500_forms_completion': m0500,
  '0501_form_rules_currency': m0501,
  '0520_pep_register': m0520,
  '0550_form_link_attempts': m0550,
  '0556_bacen_registration_lateness': m0556,
  '0560_match_alert_keys': m0560,
  '0570_ficha_reviews': m0570,
  '0580_roe_filings': m0580,
  '0590_pep_import_notes': m0590,
  '0600_allegations_brazil_categories': m0600,
  '0610_operation_cash_rate': m0610,
  '0620_ficha_edd': m0620,
  '0630_operation_due_diligence': m0630,
  '0640_coaf_communications': m0640,
  '0650_form_subject_review': m0650,
  '0660_list_freshness': m0660,
  '0670_ficha_pep': m0670,
  '0690_coaf_communication_currency': m0690,
  '0700_allegation_activity': m0700,
  '0730_fichas_dni_key_index': m0730,
  '0740_news_translations': m0740,
  '0780_notification_keys': m0780,
  '0790_inspection_files': m0790,
  '0810_expiring_counters': m0810,
  '0820_ficha_screenings': m0820,
};
