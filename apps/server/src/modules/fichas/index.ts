// The face of the fichas module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export {
  companiesWithOverdueReviews,
  markReviewed,
  overdueReviewFichas,
  readActiveFichasByDni,
  readActiveFichasPage,
  readFicha,
  readFichas,
  reviewCountsOf,
  updateFichaFiles,
  updateFichaListas,
} from './fichas.data';
export { fichaError } from './fichas.errors';
export type { AssociatesAnswer, FichaScreenedEvent, FichasEvent } from './fichas.events';
export { companiesHolding, maskedCpfHolders } from './fichas.holders.service';
export { fichasModule } from './fichas.module';
export {
  findFichasByDni,
  findFichasById,
  type NewParticipantFicha,
  type ParticipantFicha,
  type PreparedParticipantFicha,
  prepareParticipantFicha,
  storeParticipantFicha,
} from './fichas.participants.service';
export { fichasAccess } from './fichas.policy';
export {
  beneficialOwnersOf,
  ownerSettingsOf,
  type RatingSettings,
  ratingSettingsOf,
  recalculate,
  recalculateManyWithParents,
  recalculateWithParents,
  refreshRelationEnd,
  refreshRelationEnds,
} from './fichas.rating.service';
export {
  applyMatchDismissal,
  assertNoOpenEdd,
  byDni,
  create,
  createMany,
  type Dismissal,
  dismissalKey,
  dniCandidates,
  dniDisplay,
  eddOf,
  findListHit,
  foldText,
  fullNameOf,
  get,
  getWithRelations,
  history,
  informeRows,
  informeSummary,
  list,
  loadScreening,
  mergeListHits,
  nextReviewAt,
  patch,
  patchEdd,
  resolveDate,
  resolveDocument,
  restore,
  reviewDay,
  reviewPeriodsIn,
  screenIdentities,
  screening,
  toFichaView,
} from './fichas.service';
