/**
 * A list's name and a version's label in the reader's language: shared with the inspector's PDF
 * (@regcheck/shared/history/ficha-sentences.ts).
 */
export { listLabel, versionLabel } from '@regcheck/shared/history/ficha-sentences';
