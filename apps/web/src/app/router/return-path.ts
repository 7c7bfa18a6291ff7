/**
 * A return path after login must stay inside the app: it starts with a single '/', is not protocol-relative
 * ('//host'), carries no scheme ('://') and no backslash (browsers read '/\host' as '//host').
 */
export function sanitizeReturnPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//')) return null;
  if (value.includes('://')) return null;
  if (value.includes('\\')) return null;
  // control characters (tabs, newlines) are stripped by URL parsers and could rebuild '//'
  for (const ch of value) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  // a return path to the login pages would loop
  if (value === '/login' || value.startsWith('/login/') || value.startsWith('/login?')) return null;
  return value;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  const safe = sanitizeReturnPath(path);
  if (!safe || safe === '/') return '/login';
  return `/login?returnTo=${encodeURIComponent(safe)}`;
}
