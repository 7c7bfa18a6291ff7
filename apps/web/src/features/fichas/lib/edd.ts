/** The enhanced due diligence's reasons in words are shared with the inspector's PDF (@regcheck/shared/history). */
export { eddReasonSentence } from '@regcheck/shared/history/ficha-sentences';

/** What the panel shows: nothing (never required, nothing recorded), the open or completed diligence, or a kept one. */
export function eddPanelState(e: {
  required: boolean;
  status: 'open' | 'completed';
  sourceOfFunds: string | null;
  sourceOfWealth: string | null;
  approvedAt: string | null;
}): 'hidden' | 'open' | 'completed' | 'notRequired' {
  if (e.required) return e.status === 'completed' ? 'completed' : 'open';
  return e.sourceOfFunds || e.sourceOfWealth || e.approvedAt ? 'notRequired' : 'hidden';
}
