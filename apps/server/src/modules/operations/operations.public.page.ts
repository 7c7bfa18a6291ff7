import { type Locale, translate } from '@regcheck/shared';

/**
 * The two small pages of an e-mail change's confirmation link (opened from a mail client, outside the web app):
 * GET asks, a button POSTs to the same address, and only the POST applies, so a mail scanner that follows links
 * changes nothing. Every value shown is escaped.
 */
export interface EmailChangePage {
  locale: Locale;
  company: string;
  from: string;
  to: string | null;
}

function escapeHtml(s: string) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function page(locale: Locale, body: string) {
  const title = escapeHtml(translate(locale, 'operations:publicLink.emailChange.pageTitle'));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1rem}</style></head><body><h1>${title}</h1>${body}</body></html>`;
}

function params(p: EmailChangePage) {
  return { company: p.company, from: p.from, to: p.to ?? '—' };
}

/** The question, with the button that confirms (a form POST to the same address). */
export function askPage(p: EmailChangePage) {
  const q = escapeHtml(translate(p.locale, 'operations:publicLink.emailChange.question', params(p)));
  const button = escapeHtml(translate(p.locale, 'operations:publicLink.emailChange.confirm'));
  return page(p.locale, `<p>${q}</p><form method="post"><button type="submit">${button}</button></form>`);
}

export function donePage(p: EmailChangePage) {
  return page(
    p.locale,
    `<p>${escapeHtml(translate(p.locale, 'operations:publicLink.emailChange.done', params(p)))}</p>`,
  );
}

export function invalidPage(locale: Locale) {
  return page(locale, `<p>${escapeHtml(translate(locale, 'operations:publicLink.emailChange.invalid'))}</p>`);
}
