// The face of the lists module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { entryDetailOf } from './lists.entries.service';
export {
  CITY_LISTS,
  COUNTRY_LISTS,
  currentState,
  type IndexQuery,
  indexQuery,
  type ListChanged,
  type ListHit,
  listHit,
  startedState,
  thresholdOf,
  WORD_LISTS,
} from './lists.index.service';
export { listsModule } from './lists.module';
export {
  type KeptListChange,
  keptEntriesChanged,
  keptEntryCount,
  keptListReplaced,
  mergeKeptChanges,
  PEP_REGISTER_LIST,
  replaceKeptEntries,
  writeKeptEntries,
} from './lists.register.service';
export { freshnessByList, getSourceView, listSourceViews } from './lists.service';
export { activeEntities } from './public-lists.service';
