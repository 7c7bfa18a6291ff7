// first: exceljs must find the chunk-safe SAX decoder when it loads
import '../../lib/xlsx-utf8';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { BulkLoadType } from '../../db/tables/bulk-loads.tables';
import { matchHeader } from './bulk-loads.columns';
import { type ParsedRow, parseRow } from './bulk-loads.rows';
import { readRows, UnreadableWorkbookError } from './bulk-loads.xlsx';

/*
 * The worker thread that reads a bulk-load file (started by bulk-loads.reader.ts through
 * bulk-loads.parse-worker.mjs): it unzips and parses the first sheet, matches the header and reads each data row
 * (parseRow), off the thread that answers HTTP requests. Rows go to the server in chunks, and only as far ahead as
 * the server has asked for (credits), so a slow load never holds the whole file's rows in memory.
 */

/** What the parser sends: rows, the end, or why it stopped. */
export type FromParser =
  | { kind: 'rows'; rows: ParsedRow[] }
  | { kind: 'end' }
  | { kind: 'header'; missing: string[] }
  | { kind: 'unreadable'; message: string }
  | { kind: 'failed'; message: string; stack?: string };

/** What the parser is started with: the file's bytes, the load type and the rows per chunk. */
export interface ParserData {
  bytes: Uint8Array;
  loadType: BulkLoadType;
  chunkRows: number;
}

const port = parentPort as MessagePort;
const data = workerData as ParserData;
let credit = 0;
let wake: (() => void) | undefined;
port.on('message', (m: { credit: number }) => {
  credit += m.credit;
  wake?.();
});

async function send(message: FromParser) {
  while (credit <= 0)
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  wake = undefined;
  credit--;
  port.postMessage(message);
}

async function run() {
  const buf = Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength);
  let map: Map<number, string> | undefined;
  let rows: ParsedRow[] = [];
  try {
    for await (const row of readRows(buf)) {
      if (!map) {
        const header = matchHeader(
          data.loadType,
          row.cells.map((c) => (c === null ? '' : String(c))),
        );
        if (header.missing.length) return port.postMessage({ kind: 'header', missing: header.missing });
        map = header.byIndex;
        continue;
      }
      rows.push(parseRow(data.loadType, map, row));
      if (rows.length >= data.chunkRows) {
        await send({ kind: 'rows', rows });
        rows = [];
      }
    }
  } catch (err) {
    // the rows read before the failure first, as a reader in the server's thread would have given them
    if (rows.length) await send({ kind: 'rows', rows });
    if (err instanceof UnreadableWorkbookError)
      return port.postMessage({ kind: 'unreadable', message: String((err.cause as Error)?.message ?? err.cause) });
    throw err;
  }
  if (!map) return port.postMessage({ kind: 'header', missing: ['dni'] });
  if (rows.length) await send({ kind: 'rows', rows });
  port.postMessage({ kind: 'end' });
}

run().catch((err: Error) => port.postMessage({ kind: 'failed', message: err.message, stack: err.stack }));
