import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFStream } from 'pdf-lib';

/*
 * Active content of an uploaded PDF (issue 22): what a viewer may run or open on its own. Refused:
 * - JavaScript: a /JS or /JavaScript key, an action of type /JavaScript (in /OpenAction, /AA additional actions of
 *   the document, a page, a field or an annotation, a link, the /Names JavaScript tree);
 * - launch actions: an action of type /Launch;
 * - embedded files: the /EmbeddedFiles name tree, a file specification's /EF, an /EmbeddedFile stream, a
 *   /FileAttachment annotation;
 * - /RichMedia (Flash and video) and /XFA forms (scripted XML forms).
 * Looked for in two places: every object pdf-lib parsed (its dictionaries and arrays, including the objects packed in
 * compressed object streams, which pdf-lib decompresses when it loads the file), and the file's raw text outside
 * stream data (objects pdf-lib skipped as malformed, which a lenient viewer may still recover). Names written with
 * #xx escapes (/J#61vaScript) are decoded first.
 * Not caught: JavaScript inside a stream that is not an object stream (a viewer only runs JavaScript that a /JS or
 * action points to, and such a pointer is caught), and other actions that leave the document (/URI, /SubmitForm,
 * /GoToR, /ImportData), which are accepted.
 */

export type ActiveContent = 'javascript' | 'launch' | 'embeddedFile' | 'richMedia' | 'xfa';

/** Dictionary keys that are active content whatever their value. */
const KEYS: Record<string, ActiveContent> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  EmbeddedFiles: 'embeddedFile',
  EF: 'embeddedFile',
  RichMedia: 'richMedia',
  RichMediaContent: 'richMedia',
  XFA: 'xfa',
};

/** Name values that are active content (an action's /S, a stream's /Type, an annotation's /Subtype). */
const VALUES: Record<string, ActiveContent> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  EmbeddedFile: 'embeddedFile',
  FileAttachment: 'embeddedFile',
  RichMedia: 'richMedia',
};

/** A name without its slash, its #xx escapes decoded (either case of hex digit). */
const decodeName = (raw: string) =>
  raw
    .replace(/^\//, '')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const MAX_DEPTH = 100;

function scan(obj: unknown, depth: number): ActiveContent | null {
  if (depth > MAX_DEPTH) return null;
  if (obj instanceof PDFName) return VALUES[decodeName(obj.asString())] ?? null;
  if (obj instanceof PDFArray) {
    for (const item of obj.asArray()) {
      const found = scan(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
  if (!dict) return null;
  for (const [key, value] of dict.entries()) {
    const byKey = KEYS[decodeName(key.asString())];
    if (byKey) return byKey;
    const found = scan(value, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first active content among the objects pdf-lib parsed (object streams included), or null. */
export function parsedActiveContent(doc: PDFDocument): ActiveContent | null {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const found = scan(obj, 0);
    if (found) return found;
  }
  return scan(doc.catalog, 0);
}

/** The first active content named in the file's raw text outside stream data, or null. */
export function rawActiveContent(bytes: Buffer): ActiveContent | null {
  const text = bytes.toString('latin1').replace(/\bstream\r?\n[\s\S]*?endstream/g, ' ');
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = decodeName(m[1] as string);
    const found = KEYS[name] ?? VALUES[name];
    if (found) return found;
  }
  return null;
}
