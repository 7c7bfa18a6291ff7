/**
 * The outbox as the super administrator reads it (GET /api/outbox): the e-mails keep their live links (password
 * reset, public consultation) for delivery, but the view shows them masked — host and the start of the path stay,
 * token path segments, query values and fragments become '…' — so that reading the outbox gives nobody a working
 * link or token. The stored mail is never changed.
 */

export const MASK = '…';

/** A path segment that is a secret or an id rather than a word of the path (tokens, UUIDs, hashes). */
const TOKEN_SEGMENT = /^[A-Za-z0-9_~-]{16,}$/;
/** A token outside a link: a long run of URL-safe characters. */
const LOOSE_TOKEN = /(?<![\w@.%-])[A-Za-z0-9_-]{32,}(?![\w@%-])/g;
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;

function maskLink(link: string): string {
  // keep trailing punctuation of the sentence out of the link
  const trail = /[.,;:!?)\]]+$/.exec(link)?.[0] ?? '';
  const raw = trail ? link.slice(0, -trail.length) : link;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${MASK}${trail}`;
  }
  const path = url.pathname
    .split('/')
    .map((seg) => (TOKEN_SEGMENT.test(seg) ? MASK : seg))
    .join('/');
  const query = [...url.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=${MASK}`).join('&');
  const auth = url.username || url.password ? `${MASK}@` : '';
  return `${url.protocol}//${auth}${url.host}${path}${query ? `?${query}` : ''}${url.hash ? `#${MASK}` : ''}${trail}`;
}

/** The text with its links and loose tokens masked. */
export function maskSecrets(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    out += text.slice(last, m.index).replace(LOOSE_TOKEN, MASK) + maskLink(m[0]);
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replace(LOOSE_TOKEN, MASK);
}
