import fs from 'node:fs';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import ExcelJS from 'exceljs';
import { columnsOf, headerOf } from './bulk-loads.columns';

/*
 * Sample spreadsheets of the bulk-load templates: the tests, the browser test and the benchmark generate their files
 * here (header in a language, any rows), so that they read the same columns as the templates.
 */

export const rutOf = (n: number) => `${n}-${rutCheckDigit(String(n))}`;

/** A workbook whose first sheet holds `rows` (the first is the header), as a buffer. */
export async function sheetBuffer(rows: unknown[][], edit?: (ws: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The header row of a template in a language, limited to `keys` when given (in that order). */
export function headerRow(type: 'fichas' | 'fichas_v2' | 'operation', locale: 'es' | 'pt-BR' | 'en', keys?: string[]) {
  return (keys ?? columnsOf(type).map((c) => c.key)).map((k) => headerOf(locale, k));
}

/**
 * A fichas 3.0 file of `n` main rows written with the streaming writer (large files never sit in memory): natural
 * persons, and every fifth a legal person followed by two related persons; every hundredth row is invalid.
 */
export async function writeFichasFile(path: string, n: number, startAt = 10_000_000) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('fichas');
  const keys = [
    'personType',
    'dni',
    'name',
    'fatherName',
    'motherName',
    'socialReason',
    'birthDate',
    'email',
    'phone',
    'parentDni',
    'relationType',
    'participation',
  ];
  ws.addRow(headerRow('fichas', 'es', keys)).commit();
  let rows = 0;
  let next = startAt;
  const names = ['Ana', 'Luis', 'Marta', 'Pedro', 'Rosa', 'Diego', 'Elena', 'Tomás'];
  const surnames = ['Gómez', 'Pérez', 'Soto', 'Rojas', 'Vidal', 'Muñoz', 'Reyes', 'Castro'];
  const pick = (a: string[], i: number) => a[i % a.length] as string;
  for (let i = 0; i < n; i++) {
    const dni = rutOf(next++);
    const bad = i % 100 === 99;
    if (i % 5 === 4) {
      ws.addRow([
        'jurídica',
        bad ? '11.111.111-2' : dni,
        null,
        null,
        null,
        `Comercial ${pick(surnames, i)} ${i} Limitada`,
        null,
        `contacto${i}@empresa.test`,
        22_000_000 + i,
      ]).commit();
      for (let k = 0; k < 2; k++)
        ws.addRow([
          'natural',
          rutOf(next++),
          pick(names, i + k),
          pick(surnames, i + k + 1),
          pick(surnames, i + k + 3),
          null,
          '15/03/1980',
          null,
          null,
          dni,
          k === 0 ? 'representant' : 'beneficiary',
          k === 0 ? null : 30,
        ]).commit();
      rows += 3;
    } else {
      ws.addRow([
        'natural',
        bad ? '' : dni,
        pick(names, i),
        pick(surnames, i),
        pick(surnames, i + 2),
        null,
        new Date(Date.UTC(1970 + (i % 40), i % 12, 1 + (i % 28))),
        i % 7 === 0 ? 'no-es-correo' : `persona${i}@correo.test`,
        `+569${String(10_000_000 + i)}`,
      ]).commit();
      rows += 1;
    }
  }
  await wb.commit();
  return { rows, bytes: fs.statSync(path).size };
}
