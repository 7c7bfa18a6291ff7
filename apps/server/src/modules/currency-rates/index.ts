// The face of the currency-rates module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { currencyRatesModule } from './currency-rates.module';
export { isoDay, RATES_LOADED_JOB, type Rate, type RateUsed, rateFor, usdAt, usdWith } from './currency-rates.service';
