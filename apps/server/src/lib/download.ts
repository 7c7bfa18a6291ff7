import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The one way a route answers a file (decision 260): a PDF, a workbook, a csv or TXT filing, a zip, an image.
 * - `Content-Type` as given, `Content-Length` for bytes and text (and a stream whose size is known);
 * - `Cache-Control: no-store` (regulated customer documents: no browser, proxy or shared cache keeps them) and
 *   `X-Content-Type-Options: nosniff` (helmet sends it on every answer too; a document must never be sniffed into
 *   HTML, so the download does not depend on that);
 * - `Content-Disposition` per RFC 6266 when the route offers a file name: `attachment` (save) or `inline` (shown
 *   in the browser), an ASCII `filename="..."` for old clients and `filename*=UTF-8''...` (RFC 5987/8187) carrying
 *   the name as it is, accents and all. No other file may write that header (scripts/check-architecture.mjs).
 */

export type DownloadBody = Buffer | Uint8Array | string | Readable;

export interface Download {
  /** Content-Type of the file. */
  type: string;
  /** The name offered to the browser; none: no Content-Disposition (an image shown in a page). */
  name?: string;
  /** 'attachment' (the browser saves it) unless the route shows the file in the browser ('inline'). */
  disposition?: 'attachment' | 'inline';
  body: DownloadBody;
  /** The byte size of a stream, when known (bytes and text are measured). */
  size?: number;
}

/** Names longer than this (in characters) are cut, the extension kept. */
export const MAX_DOWNLOAD_NAME = 200;
const FALLBACK_NAME = 'download';

// control characters (CR, LF, NUL, DEL, C1) and the bidirectional overrides that make 'exe.pdf' read 'fdp.exe'
const CONTROL = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// half of a surrogate pair (a name cut in the middle of an emoji): encodeURIComponent would throw on it
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The name as it will be offered: no control characters, not empty, not longer than MAX_DOWNLOAD_NAME. */
export function downloadName(name: string | undefined): string {
  const clean = (name ?? '').trim().replace(LONE_SURROGATE, '\ufffd').replace(CONTROL, '_');
  if (!clean) return FALLBACK_NAME;
  const chars = [...clean];
  if (chars.length <= MAX_DOWNLOAD_NAME) return clean;
  const ext = /\.[\p{L}\p{N}]{1,10}$/u.exec(clean)?.[0] ?? '';
  return chars.slice(0, MAX_DOWNLOAD_NAME - ext.length).join('') + ext;
}

/**
 * The ASCII `filename="..."` of a name: accents dropped (ã → a), every other non-ASCII character, the quote, the
 * backslash and the percent sign (some browsers decode %xx there, RFC 6266 appendix D) replaced by '_'.
 */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/["\\%]/g, '_');
}

/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * as they are, which attr-char does not allow. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="Declaracao nandu.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20%C3%B1and%C3%BA.pdf` */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const offered = downloadName(name);
  return `${disposition}; filename="${asciiFileName(offered)}"; filename*=UTF-8''${encodeExtValue(offered)}`;
}

/** Answers the file: `return sendDownload(reply, { type, name, body })`. Extra headers: set them on reply first. */
export function sendDownload(reply: FastifyReply, d: Download) {
  const body =
    typeof d.body === 'string'
      ? Buffer.from(d.body, 'utf8')
      : d.body instanceof Uint8Array && !Buffer.isBuffer(d.body)
        ? Buffer.from(d.body.buffer, d.body.byteOffset, d.body.byteLength)
        : d.body;
  reply.type(d.type).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  const size = Buffer.isBuffer(body) ? body.length : d.size;
  if (size !== undefined) reply.header('content-length', String(size));
  if (d.name !== undefined) reply.header('content-disposition', contentDisposition(d.name, d.disposition));
  return reply.send(body);
}

/** Content-Type of an .xlsx workbook. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
