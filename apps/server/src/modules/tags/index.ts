// The face of the tags module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { tagsModule } from './tags.module';
export { create, inUse, list, toTagView, update } from './tags.service';
