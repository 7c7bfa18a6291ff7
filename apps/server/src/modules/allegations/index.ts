// The face of the allegations module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { seedDemoAllegations } from './allegations.demo';
export { allegationsModule } from './allegations.module';
export { ALLEGATION_HANDLER_ROLES, ALLEGATION_NOTIFICATION_KIND } from './allegations.policy';
