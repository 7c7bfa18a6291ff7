import Module, { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * exceljs 4.4.0's streaming reader turns each decompressed chunk of a sheet's XML into text on its own
 * (lib/utils/parse-sax.js decodes every chunk with a fresh TextDecoder call), so a two-byte character split across
 * two chunks, the 'ó' of 'Gómez', becomes two U+FFFD characters: a bulk-loaded name or document silently changed.
 * This module installs, before exceljs is first loaded, the same SAX loop with one UTF-8 decoder kept across the
 * chunks. It must be imported before anything imports exceljs (app.ts imports it first; the test setup too), and
 * the reader checks that it was (`assertUtf8SafeXlsxReader`), so a wrong order fails loudly instead of corrupting.
 */

const here = createRequire(import.meta.url);
const fromExceljs = createRequire(here.resolve('exceljs'));
const SAX_PATH = fromExceljs.resolve('./lib/utils/parse-sax.js');
const MARK = 'regcheckUtf8Safe';

interface SaxEvent {
  eventType: 'opentag' | 'text' | 'closetag';
  value: unknown;
}

async function* parseSax(input: AsyncIterable<Buffer | string> & { pipe?: unknown }) {
  const { SaxesParser } = fromExceljs('saxes') as {
    SaxesParser: new () => {
      on(event: string, fn: (v: unknown) => void): void;
      write(text: string): void;
    };
  };
  let iterable: AsyncIterable<Buffer | string> = input;
  if (typeof input.pipe === 'function' && !(Symbol.asyncIterator in input)) {
    iterable = (input as unknown as NodeJS.ReadableStream).pipe(new PassThrough());
  }
  const parser = new SaxesParser();
  let error: unknown;
  parser.on('error', (err) => {
    error = err;
  });
  let events: SaxEvent[] = [];
  parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of iterable) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (error) throw error;
    yield events;
    events = [];
  }
  const rest = decoder.end();
  if (rest) {
    parser.write(rest);
    if (error) throw error;
    yield events;
  }
}
Object.defineProperty(parseSax, MARK, { value: true });

if (!here.cache[SAX_PATH]) {
  const m = new Module(SAX_PATH);
  m.filename = SAX_PATH;
  m.loaded = true;
  m.exports = parseSax;
  here.cache[SAX_PATH] = m;
}

/** Whether exceljs reads with the chunk-safe decoder (false when exceljs was loaded before this module). */
export function utf8SafeXlsxReader(): boolean {
  const exported = here.cache[SAX_PATH]?.exports as Record<string, unknown> | undefined;
  return exported?.[MARK] === true;
}

export function assertUtf8SafeXlsxReader() {
  if (!utf8SafeXlsxReader())
    throw new Error('exceljs was loaded before lib/xlsx-utf8: its streaming reader would corrupt accented text');
}
