import type { ParticipantIssue } from './operation-form';

/** The fields of a participant whose "required" message waits until the officer has typed in or left the field. */
export interface Touched {
  monto?: boolean;
  name?: boolean;
}

/**
 * The issues a participant row shows now: a missing amount or name only once its field was touched (an amount
 * field is never red before anything is typed); cash above the amount and a repeated person at once.
 */
export function shownIssues(issues: readonly ParticipantIssue[], touched: Touched): ParticipantIssue[] {
  return issues.filter(
    (i) => (i !== 'amountRequired' || touched.monto === true) && (i !== 'nameRequired' || touched.name === true),
  );
}
