import { parseCsvLines } from '@regcheck/screening';
import { decodeBrazilPepCsv } from '@regcheck/screening/parsers/pep-br.parser';
import { AppError } from '../../lib/errors';
import { checkUpload } from '../../lib/uploads';
import { type Cell, readRows, UnreadableWorkbookError } from '../../lib/xlsx-rows';

/*
 * The Banco Central de Chile's observed dollar ("Dólar observado", BDE series F073.TCO.PRE.Z.D) as its statistics
 * database lets one download it: a CSV or an .xlsx with a few title lines, then a header row with "Periodo" and a
 * column named for the observed dollar, then one row per day: the date (DD.MM.YYYY as the BDE writes it, also
 * DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD or a date cell) and the pesos per dollar (decimal comma or point, thousands
 * dot allowed). A day the series has no value for ("ND", "-", empty) is skipped; lines after the data that hold
 * no value (a source note) are ignored. Anything else is refused naming the row and what is wrong, and nothing is
 * loaded. Our fixture in this layout: apps/server/test/fixtures/bcch-dolar-observado.csv.
 */

export interface BcchRate {
  /** YYYY-MM-DD */
  fecha: string;
  /** pesos per dollar */
  perUsd: number;
}

/** The observed dollar has never been outside this band; a value outside it is not pesos per dollar (a USD per CLP
 * series, a UF value, a typo) and is refused. */
const PLAUSIBLE = { min: 100, max: 10_000 };

const fileError = (
  code:
    | 'RATES_FILE_FORMAT'
    | 'RATES_FILE_NO_SERIES'
    | 'RATES_FILE_BAD_DATE'
    | 'RATES_FILE_BAD_VALUE'
    | 'RATES_FILE_EMPTY'
    | 'RATES_FILE_DUPLICATE_DATE',
  params: Record<string, unknown> = {},
) => new AppError(code, { field: 'file', params, messageKey: `operations:errors.${code}` });

const norm = (v: Cell) =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day from a cell, or null when it is not one. */
function dayOf(v: Cell): string | null {
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  }
  if (typeof v === 'number') {
    // an Excel serial day number not formatted as a date
    if (!Number.isInteger(v) || v < 1 || v > 2_958_465) return null;
    return new Date(Date.UTC(1899, 11, 30) + v * 86_400_000).toISOString().slice(0, 10);
  }
  const s = String(v ?? '').trim();
  let y: number;
  let m: number;
  let d: number;
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Pesos per dollar from a cell: undefined for a day without a value, NaN for something that is not a number. */
function rateValueOf(v: Cell): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (v instanceof Date) return Number.NaN;
  const s = v.trim().replace(/\s/g, '');
  if (s === '' || /^(nd|n\/d|-|\.\.)$/i.test(s)) return undefined;
  // decimal comma (with an optional thousands dot) or decimal point
  if (/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(s) || /^\d+,\d+$/.test(s))
    return Number(s.replace(/\./g, '').replace(',', '.'));
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  return Number.NaN;
}

const shown = (v: Cell) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 40));

/** The day and value columns of the header row: "Periodo" (or "Fecha") and the observed dollar's column. */
function headerOf(cells: Cell[]): { day: number; value: number } | null {
  const names = cells.map(norm);
  const day = names.findIndex((n) => n === 'periodo' || n === 'fecha');
  const value = names.findIndex((n, i) => i !== day && n.includes('dolar observado'));
  return day >= 0 && value >= 0 ? { day, value } : null;
}

/** The rates of the rows under the header; `number` is the row as the user sees it (1-based). */
export function ratesOfRows(rows: { number: number; cells: Cell[]; formulas?: number[] }[]): BcchRate[] {
  const at = rows.findIndex((r) => headerOf(r.cells));
  if (at < 0) throw fileError('RATES_FILE_NO_SERIES');
  const cols = headerOf(rows[at]?.cells ?? []) as { day: number; value: number };
  const out: BcchRate[] = [];
  const seen = new Map<string, number>();
  for (const r of rows.slice(at + 1)) {
    const rawDay = r.cells[cols.day] ?? null;
    const rawValue = r.cells[cols.value] ?? null;
    // a formula without a result (#N/A, #REF!...) is no value and no day without one either
    if (r.formulas?.includes(cols.value)) throw fileError('RATES_FILE_BAD_VALUE', { row: r.number, value: '=…' });
    const value = rateValueOf(rawValue);
    const day = dayOf(rawDay);
    if (day === null) {
      // a blank line or a note under the data: nothing to load, nothing wrong
      if (value === undefined) continue;
      throw fileError('RATES_FILE_BAD_DATE', { row: r.number, value: shown(rawDay) });
    }
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < PLAUSIBLE.min || value > PLAUSIBLE.max)
      throw fileError('RATES_FILE_BAD_VALUE', { row: r.number, value: shown(rawValue) });
    if (seen.has(day))
      throw fileError('RATES_FILE_DUPLICATE_DATE', { row: r.number, value: shown(rawDay), first: seen.get(day) });
    seen.set(day, r.number);
    out.push({ fecha: day, perUsd: Math.round(value * 100) / 100 });
  }
  if (out.length === 0) throw fileError('RATES_FILE_EMPTY');
  return out.sort((a, b) => a.fecha.localeCompare(b.fecha));
}

/** The rates of a CSV: the separator is the one (semicolon, comma, tab) under which the header row is found. */
export function ratesOfCsv(bytes: Buffer): BcchRate[] {
  // UTF-8 (with or without its mark), else Windows-1252 as a spreadsheet saves it: the screening package's decoder
  const text = decodeBrazilPepCsv(bytes).text;
  for (const sep of [';', ',', '\t']) {
    const rows = parseCsvLines(text, sep).map((r) => ({ number: r.line, cells: r.fields as Cell[] }));
    if (rows.some((r) => headerOf(r.cells))) return ratesOfRows(rows);
  }
  throw fileError('RATES_FILE_NO_SERIES');
}

/**
 * The rates of the workbook's first sheet, read as the bulk loads read theirs (lib/xlsx-rows.ts: a formula gives
 * its result). A rate cell holding a formula without a result (an error such as #N/A) is refused, never taken for a
 * day without a value.
 */
export async function ratesOfXlsx(bytes: Buffer): Promise<BcchRate[]> {
  const rows: { number: number; cells: Cell[]; formulas: number[] }[] = [];
  try {
    for await (const row of readRows(bytes)) rows.push(row);
  } catch (err) {
    if (err instanceof UnreadableWorkbookError) throw fileError('RATES_FILE_FORMAT');
    throw err;
  }
  if (!rows.some((r) => headerOf(r.cells))) throw fileError('RATES_FILE_NO_SERIES');
  return ratesOfRows(rows);
}

/**
 * The observed dollar of an uploaded file, by its content: an .xlsx workbook (after the upload check's zip limits)
 * or a text file (CSV); a PDF, an image, an old .xls or any other binary is RATES_FILE_FORMAT.
 */
export async function parseBcchFile(bytes: Buffer): Promise<BcchRate[]> {
  const check = await checkUpload(bytes, ['xlsx', 'binary']);
  if (check.problem === 'FILE_REQUIRED' || check.problem === 'FILE_TOO_LARGE')
    throw new AppError(check.problem, { field: 'file', messageKey: `operations:errors.${check.problem}` });
  if (check.problem) throw fileError('RATES_FILE_FORMAT');
  if (check.kind === 'xlsx') return ratesOfXlsx(bytes);
  const head = bytes.subarray(0, 4096);
  if (head.includes(0) || head.toString('latin1').includes('%PDF-')) throw fileError('RATES_FILE_FORMAT');
  return ratesOfCsv(bytes);
}
