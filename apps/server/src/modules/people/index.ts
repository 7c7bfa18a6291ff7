// The face of the people module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { seedDemoPeople } from './people.demo';
export { peopleModule } from './people.module';
export { type WatchKind, watchedPeople, watchSummary } from './people.watch.service';
