const HIDDEN_PREFIXES = ['/public/forms/', '/public/consultation/', '/public/transaction/', '/public/denounces/'];

/** The public header is hidden on public form and public allegation routes. */
export function publicHeaderHidden(pathname: string): boolean {
  return pathname === '/public/denounces' || HIDDEN_PREFIXES.some((p) => pathname.startsWith(p));
}
