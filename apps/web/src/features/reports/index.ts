/** What other features use of reports (decision 268): a feature reaches another only through its index. */
export * from './api/reports-api';
export * from './components/PeriodPicker';
export * from './lib/period';
export * from './lib/roe-country';
