export { applyEvidence, compareDates } from './match/evidence';
export {
  cpfVisibleDigits,
  formatMaskedCpf,
  MASKED_CPF_ID,
  maskedCpfDigits,
  maskedCpfKey,
  maskedCpfOf,
} from './match/masked-cpf';
export { compareTokens, tokenSim } from './match/names.compare';
export { compareNormalized, DEFAULT_THRESHOLD, scorePair } from './match/score';
export { MODEL_FEATURE_NAMES, modelFeatures } from './model/features';
export { MODEL_WEIGHTS } from './model/model.weights';
export { parseCompanyCsv } from './parsers/company.parser';
export { csvField, csvLine, parseCsv, parseCsvLines, parseCsvObjects, toSchema } from './parsers/csv';
export { parseListDate } from './parsers/dates';
export { parseEuFsfXml } from './parsers/eu.parser';
export { ftmEntity, parseFtmJsonl, parseNamesJsonl } from './parsers/ftm.parser';
export { parseOfacCsv, parseOfacRemarks } from './parsers/ofac.parser';
export {
  type BrazilPepColumn,
  type BrazilPepEnd,
  type BrazilPepRead,
  type BrazilPepRow,
  brazilPepEnd,
  isBrazilPepDay,
  isBrazilPepHeader,
  parseBrazilPepCsv,
  readBrazilPepRows,
} from './parsers/pep-br.parser';
export { parseUkOfsiCsv, parseUkSanctionsXml, ukDate } from './parsers/uk.parser';
export { parseUnXml } from './parsers/un.parser';
export type { IndexState } from './search/screening.index';
export { createIndex, MemoryScreeningIndex, queryFullName } from './search/screening.index';
export {
  decodeSnapshot,
  encodeSnapshot,
  encodeSnapshotInSlices,
  type ListVersions,
  loadSnapshot,
  type SnapshotParts,
  saveSnapshot,
  snapshotFileName,
  versionsText,
} from './search/snapshot';
export { nextTurn, runInSlices, runSteps, type Steps } from './steps';
export { countryCode } from './text/countries';
export type { NameToken, NormalizedName, TokenKind } from './text/normalize';
export { nameKey, normalizeIdentifier, normalizeName, rawTokens } from './text/normalize';
export { consonantSkeleton, phoneticKey } from './text/phonetic';
export { editDistance, jaroWinkler } from './text/similarity';
export { transliterate } from './text/translit';
export * from './types';
