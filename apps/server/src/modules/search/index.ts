// The face of the search module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export {
  getIndex,
  listEntities,
  listIds,
  listKind,
  listName,
  type ScreenHit,
  type ScreenListResult,
  type ScreenQuery,
  type ScreenResult,
  screen,
  screenedListsOf,
  screenMany,
} from './screening.service';
export { searchModule } from './search.module';
