/**
 * A screening hit's explanation in words: the one text of the screens and the inspector's PDF, in
 * @regcheck/shared/history/hit-explain.ts.
 */
export {
  type Explanation,
  type ExplanationSegment,
  explainInWords,
  explanationSegments,
  fold,
  isExplanation,
  type OriginalNames,
  type Translate,
} from '@regcheck/shared/history/hit-explain';
