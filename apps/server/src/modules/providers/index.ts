// The face of the providers module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { seedDemoProviders } from './providers.demo';
export { recordsError } from './providers.errors';
export { providersModule } from './providers.module';
export { availability, commercialReportAdapter, lookup } from './providers.service';
