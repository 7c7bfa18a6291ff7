// The face of the blacklists module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { blacklistsModule } from './blacklists.module';
export { activeForScreening, screeningStamp } from './blacklists.service';
