import type { Page } from '@playwright/test';

/**
 * Texts of the main area (or `root`) cut by their box (wider than they show, or folded by a line clamp), and table
 * names ending in "…" (none expected). Shared by the cut-text and the screens checks of single dialogs.
 */
export async function cutTexts(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate((root) => {
    const out: string[] = [];
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    for (const e of document.querySelectorAll(`${root} *`)) {
      if (!(e instanceof HTMLElement) || e.children.length > 0 || !visible(e)) continue;
      const s = getComputedStyle(e);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
      if (e.scrollWidth > e.clientWidth + 1 && (e.textContent ?? '').trim()) out.push(`cut: ${e.textContent?.trim()}`);
      // a text folded after some lines (line clamp) is cut too
      if (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '' && e.scrollHeight > e.clientHeight + 1)
        out.push(`folded: ${e.textContent?.trim()}`);
      if (/…$/.test((e.textContent ?? '').trim()) && e.closest('td')) out.push(`ellipsis: ${e.textContent?.trim()}`);
    }
    return [...new Set(out)];
  }, root);
}
