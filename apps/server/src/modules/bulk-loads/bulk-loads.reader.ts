import { Worker } from 'node:worker_threads';
import type { BulkLoadType } from '../../db/tables/bulk-loads.tables';
import type { FromParser, ParserData } from './bulk-loads.parse.worker';
import type { ParsedRow } from './bulk-loads.rows';
import { UnreadableWorkbookError } from './bulk-loads.xlsx';

/*
 * The rows of a bulk-load file, read in a worker thread (bulk-loads.parse.worker.ts): unzipping and parsing a
 * 50,000-row sheet is seconds of work that would otherwise run on the thread that answers HTTP requests (issue 22).
 * The rows come back in chunks, a few chunks ahead of the load; stopping early (a file over the row limit) ends the
 * worker.
 */

const PARSER = new URL('./bulk-loads.parse-worker.mjs', import.meta.url);
/** Rows per message, and messages the parser may send ahead of the load. */
const CHUNK_ROWS = 250;
const AHEAD = 4;

/** The header lacks required columns (an empty file: the document). */
export class HeaderError extends Error {
  constructor(readonly missing: string[]) {
    super('missing columns');
  }
}

type Inbox = FromParser | { kind: 'crashed'; err: unknown };

/**
 * The data rows of the file, read by the header's column map. Throws HeaderError when the header lacks columns,
 * UnreadableWorkbookError when the reader cannot read the file, anything else when the parser failed.
 */
export async function* rowsOf(load: { loadType: BulkLoadType }, buf: Buffer): AsyncGenerator<ParsedRow> {
  const bytes = new Uint8Array(buf);
  const data: ParserData = { bytes, loadType: load.loadType, chunkRows: CHUNK_ROWS };
  const worker = new Worker(PARSER, { workerData: data, transferList: [bytes.buffer] });
  const inbox: Inbox[] = [];
  let wake: (() => void) | undefined;
  const deliver = (m: Inbox) => {
    inbox.push(m);
    wake?.();
  };
  worker.on('message', (m: FromParser) => deliver(m));
  worker.on('error', (err) => deliver({ kind: 'crashed', err }));
  worker.on('exit', (code) => deliver({ kind: 'crashed', err: new Error(`the file parser stopped (exit ${code})`) }));
  worker.postMessage({ credit: AHEAD });
  try {
    for (;;) {
      while (!inbox.length)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      wake = undefined;
      const m = inbox.shift() as Inbox;
      if (m.kind === 'rows') {
        worker.postMessage({ credit: 1 });
        yield* m.rows;
      } else if (m.kind === 'end') return;
      else if (m.kind === 'header') throw new HeaderError(m.missing);
      else if (m.kind === 'unreadable') throw new UnreadableWorkbookError(new Error(m.message));
      else if (m.kind === 'failed') throw Object.assign(new Error(m.message), { stack: m.stack });
      else throw m.err;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
