import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchHeader } from './bulk-loads.columns';
import { HeaderError, rowsOf } from './bulk-loads.reader';
import { type ParsedRow, parseRow } from './bulk-loads.rows';
import { headerRow, rutOf, sheetBuffer, writeFichasFile } from './bulk-loads.samples';
import { readRows } from './bulk-loads.xlsx';

/** The rows as the server's own thread reads them (the reader before the worker thread). */
async function inThread(buf: Buffer) {
  let map: Map<number, string> | undefined;
  const out: ParsedRow[] = [];
  for await (const row of readRows(buf)) {
    if (!map) {
      map = matchHeader(
        'fichas',
        row.cells.map((c) => (c === null ? '' : String(c))),
      ).byIndex;
      continue;
    }
    out.push(parseRow('fichas', map, row));
  }
  return out;
}

async function all(buf: Buffer) {
  const out: ParsedRow[] = [];
  for await (const r of rowsOf({ loadType: 'fichas' }, buf)) out.push(r);
  return out;
}

describe('reading a bulk-load file in a worker thread', () => {
  it('gives the rows, values, errors and warnings the server would read itself, in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bulk-reader-'));
    try {
      // 2,100 rows over many chunks: natural and legal persons, related persons, invalid documents, emptied e-mails
      const file = path.join(dir, 'fichas.xlsx');
      const { rows } = await writeFichasFile(file, 1_500);
      const buf = fs.readFileSync(file);
      const read = await all(buf);
      expect(read).toHaveLength(rows);
      expect(read).toEqual(await inThread(buf));
      expect(read.filter((r) => r.warnings.some((w) => w.messageKey === 'bulk:errors.ROW_EMAIL_EMPTIED'))).not.toEqual(
        [],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps accented names and cleans up documents as the reader in the server did', async () => {
    const buf = await sheetBuffer([
      headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']),
      ['natural', rutOf(7_000_001).toLowerCase(), 'María José', 'Núñez'],
      ['jurídica', rutOf(7_000_002), 'Comercial Peña Limitada', null],
    ]);
    const read = await all(buf);
    expect(read.map((r) => r.values.name)).toEqual(['María José', 'Comercial Peña Limitada']);
    expect(read[0]?.values.fatherName).toBe('Núñez');
    expect(read).toEqual(await inThread(buf));
  });

  it('refuses a header with columns missing, naming them, and an empty sheet', async () => {
    const missing = await sheetBuffer([
      ['Nombre', 'Apellido'],
      ['Ana', 'Soto'],
    ]);
    const err = await all(missing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeaderError);
    expect((err as HeaderError).missing).toContain('dni');
    const empty = await all(await sheetBuffer([])).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(HeaderError);
    expect((empty as HeaderError).missing).toEqual(['dni']);
  });

  it('stops reading when the load stops early (a file over the row limit), and reads it again from the start', async () => {
    const buf = await sheetBuffer([
      headerRow('fichas', 'es', ['personType', 'dni', 'name']),
      ...Array.from({ length: 1_200 }, (_, i) => ['natural', rutOf(8_000_000 + i), `Persona ${i}`]),
    ]);
    const first: number[] = [];
    for await (const r of rowsOf({ loadType: 'fichas' }, buf)) {
      first.push(r.number);
      if (first.length === 3) break;
    }
    expect(first).toEqual([2, 3, 4]);
    const again = await all(buf);
    expect(again).toHaveLength(1_200);
    expect(again.at(-1)?.number).toBe(1_201);
  });
});
