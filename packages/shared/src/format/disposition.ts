/**
 * The file name a `Content-Disposition` header offers, read as a browser reads it (RFC 6266): `filename*`
 * (RFC 5987, UTF-8, percent-encoded) first, then the quoted `filename="..."` (its ASCII fallback), then a bare
 * token; null when there is none. The server writes the header in apps/server/src/lib/download.ts (decision 260).
 */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const ext = /(?:^|;)\s*filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i.exec(header);
  const decoded = ext ? decodeExtValue(ext[1] as string) : null;
  if (decoded) return decoded;
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return (quoted[1] as string).replace(/\\(.)/g, '$1');
  return /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i.exec(header)?.[1] ?? null;
}

/** A percent-encoded UTF-8 value; null when it is not (a stray % or bytes that are not UTF-8). */
function decodeExtValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
