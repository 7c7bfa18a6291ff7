/**
 * The file name a Content-Disposition header gives (RFC 6266): the UTF-8 `filename*` (RFC 5987) when there is one,
 * else the plain `filename`; null when neither.
 */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      const name = decodeURIComponent(star[2].trim());
      if (name) return name;
    } catch {
      // a badly encoded filename*: the plain one below
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1] ?? null;
}
