/**
 * The width of an input that shows its whole placeholder (a search box's "Name, company name or ID"), in the page's
 * language: about one `ch` per character plus the input's padding and icon, never wider than its row.
 */
export function fitPlaceholder(placeholder: string, extraPx = 56): { width: string; maxWidth: string } {
  return { width: `calc(${Math.ceil(placeholder.length * 0.9)}ch + ${extraPx}px)`, maxWidth: '100%' };
}
