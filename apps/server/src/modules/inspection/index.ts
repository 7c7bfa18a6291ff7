// The face of the inspection module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { inspectionModule } from './inspection.module';
