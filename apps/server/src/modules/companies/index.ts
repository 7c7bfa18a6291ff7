// The face of the companies module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { companiesRoutes } from './companies.routes';
export {
  checkCountryRules,
  checkOwnerThreshold,
  checkPepYears,
  companiesWithReportFlows,
  createSetupCompany,
  enqueueReviewReschedule,
  findCompany,
  getCompany,
  getCompanyLogo,
  RESCHEDULE_REVIEWS_JOB,
  type ReportFlowType,
  reportFlowOf,
  writeSettingsIn,
} from './companies.service';
