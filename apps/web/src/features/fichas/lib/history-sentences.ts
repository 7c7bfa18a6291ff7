import { type SentenceContext, historySentences as shared } from '@regcheck/shared/history/ficha-sentences';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import { LOCAL_ZONE } from '../../../app/format/format';

export { historyValue } from '@regcheck/shared/history/ficha-sentences';
/**
 * The history's sentences live in @regcheck/shared (history/ficha-sentences.ts) so the screen and the inspector's PDF
 * say the same thing (issue 28); the screen writes dates in the browser's time zone.
 */
export type { SentenceContext };

export function historySentences(e: FichaHistoryEntryT, ctx: SentenceContext): string[] {
  return shared(e, { timeZone: LOCAL_ZONE, ...ctx });
}
