import { TOOLTIP_MIN_LENGTH } from './TruncatedText';

/**
 * The tooltip of a table cell (decision 262): its whole text when longer than TOOLTIP_MIN_LENGTH or when an element
 * in it is cut by its box (wider or taller than it shows); '' when it needs none, or when the cell has its own
 * (TruncatedText, data-truncated-text).
 */
export function cellTooltip(cell: HTMLElement): string {
  if (cell.querySelector('[data-truncated-text]')) return '';
  const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return '';
  if (text.length > TOOLTIP_MIN_LENGTH) return text;
  return [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(isCut) ? text : '';
}

/** An element whose box hides part of its content (overflow hidden or clipped: an ellipsis, a line clamp). */
function isCut(e: HTMLElement): boolean {
  // the style first: most elements show their overflow, and their box need not be measured (a layout read)
  const s = getComputedStyle(e);
  const hides = (v: string) => v === 'hidden' || v === 'clip';
  const x = hides(s.overflowX);
  const y = hides(s.overflowY);
  if (!x && !y) return false;
  if (e.clientWidth === 0) return false;
  return (x && e.scrollWidth > e.clientWidth + 1) || (y && e.scrollHeight > e.clientHeight + 1);
}
