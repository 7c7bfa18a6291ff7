/* The screening index of the lists module and how it is asked: what the search module may use of it. */
export type { ListChanged } from './lists.events';
export {
  CITY_LISTS,
  COUNTRY_LISTS,
  currentState,
  startedState,
  WORD_LISTS,
} from './lists.index';
export { type IndexQuery, indexQuery, type ListHit, listHit, thresholdOf } from './lists.match';
