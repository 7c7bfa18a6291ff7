// The face of the dismissals module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { dismissalsModule } from './dismissals.module';
export { list } from './dismissals.service';
