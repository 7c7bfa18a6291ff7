import { MASKED_CPF_ID, maskedCpfDigits, maskedCpfKey } from '../match/masked-cpf';
import type { ListEntity } from '../types';
import { parseCsvLines } from './csv';

/*
 * The Brazil PEP list of the Portal da Transparência as published: a CSV separated by ';', in ISO-8859-1, whose
 * header names the columns with accents (CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;
 * Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência), the CPF masked (***.456.789-**) and the dates
 * dd/mm/yyyy. Copies saved again by a spreadsheet come in UTF-8, with or without a byte order mark, and some tools
 * drop the accents of the header: a column is found by its name without accents, case, underscores or spaces.
 */

/** The columns of the file, by their name once normalised (see columnKey), and the name the Portal gives each. */
export const BRAZIL_PEP_COLUMNS = {
  cpf: { key: 'cpf', published: 'CPF' },
  name: { key: 'nomepep', published: 'Nome_PEP' },
  sigla: { key: 'siglafuncao', published: 'Sigla_Função' },
  descricao: { key: 'descricaofuncao', published: 'Descrição_Função' },
  nivel: { key: 'nivelfuncao', published: 'Nível_Função' },
  orgao: { key: 'nomeorgao', published: 'Nome_Órgão' },
  inicio: { key: 'datainicioexercicio', published: 'Data_Início_Exercício' },
  fim: { key: 'datafimexercicio', published: 'Data_Fim_Exercício' },
  fimCarencia: { key: 'datafimcarencia', published: 'Data_Fim_Carência' },
} as const;
export type BrazilPepColumn = keyof typeof BRAZIL_PEP_COLUMNS;
const COLUMNS = Object.keys(BRAZIL_PEP_COLUMNS) as BrazilPepColumn[];
/** Without these two the file is not the list. */
const IDENTITY: BrazilPepColumn[] = ['cpf', 'name'];

/** A header cell without byte order mark, quotes, accents, case, underscores, hyphens or spaces. */
export function columnKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"|"$/g, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** Where each column of the list is in a header line (-1 when absent), and its name as the file writes it. */
function columnsOf(header: string[]) {
  const keys = header.map(columnKey);
  const at = {} as Record<BrazilPepColumn, number>;
  const written = {} as Record<BrazilPepColumn, string>;
  for (const c of COLUMNS) {
    at[c] = keys.indexOf(BRAZIL_PEP_COLUMNS[c].key);
    written[c] = at[c] < 0 ? BRAZIL_PEP_COLUMNS[c].published : (header[at[c]] ?? '').replace(/^\uFEFF/, '').trim();
  }
  return { at, written };
}

/** True when the first line looks like the Portal da Transparencia PEP CSV header (accented or not). */
export function isBrazilPepHeader(firstLine: string): boolean {
  const { at } = columnsOf(firstLine.split(';'));
  return IDENTITY.every((c) => at[c] >= 0);
}

/** One function of a person in the Portal da Transparencia PEP CSV, as written on one line. */
export interface BrazilPepRow {
  /** 1-based line of the file */
  line: number;
  /** as written: masked (***.456.789-**) or, in some copies, whole */
  cpf: string;
  name: string;
  sigla: string;
  descricao: string;
  nivel: string;
  orgao: string;
  /** 'YYYY-MM-DD', '' when the file has none ('Sem informação'), or the text as written when it is not a date */
  inicio: string;
  fim: string;
  /** the end of the grace period (Data_Fim_Carência): the day the person stops being PEP, as the Portal gives it */
  fimCarencia: string;
}

/** The encodings the file is read in: a UTF-8 copy with or without byte order mark, or the Portal's ISO-8859-1. */
export type BrazilPepEncoding = 'utf-8-bom' | 'utf-8' | 'iso-8859-1';

/**
 * The file's text and the encoding it was read in: UTF-8 when the bytes are valid UTF-8 (a copy saved again by a
 * spreadsheet; a byte order mark is dropped), else ISO-8859-1, the encoding the Portal publishes (read as
 * Windows-1252, its superset, so that the quotes and dashes a Windows tool may have written are read too).
 */
export function decodeBrazilPepCsv(bytes: Uint8Array): { text: string; encoding: BrazilPepEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return { text, encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'iso-8859-1' };
  }
}

/**
 * A date of the file as 'YYYY-MM-DD': dd/mm/yyyy as the Portal writes it; '' for none ('Sem informação', empty);
 * anything else (a copy's yyyy-mm-dd included) is kept as written, for the importer to check and report.
 */
export function brazilPepDate(v: string | undefined): string {
  const t = (v ?? '').trim();
  if (!t || /^sem informa/i.test(t)) return '';
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}` : t;
}

export interface BrazilPepRead {
  /** false when the first line is not the Portal's header (no CPF or Nome_PEP column) */
  header: boolean;
  /** the list's columns the header lacks, by the names the Portal gives them */
  missing: string[];
  /** each column's name as the file writes it (the Portal's name for a missing one), for reports */
  columns: Record<BrazilPepColumn, string>;
  rows: BrazilPepRow[];
}

/**
 * The lines of the Brazil PEP list of the Portal da Transparencia, one function each, with their line numbers
 * (an importer reports a bad line by its number). `header` is false when the first line is not the Portal's header.
 */
export function readBrazilPepRows(bytes: Uint8Array): BrazilPepRead {
  const records = parseCsvLines(decodeBrazilPepCsv(bytes).text, ';');
  const { at, written } = columnsOf(records[0]?.fields ?? []);
  const missing = COLUMNS.filter((c) => at[c] < 0).map((c) => BRAZIL_PEP_COLUMNS[c].published);
  if (!IDENTITY.every((c) => at[c] >= 0)) return { header: false, missing, columns: written, rows: [] };
  const get = (r: string[], c: BrazilPepColumn) => (at[c] < 0 ? '' : (r[at[c]] ?? '').trim());
  return {
    header: true,
    missing,
    columns: written,
    rows: records.slice(1).map(({ line, fields: r }) => ({
      line,
      cpf: get(r, 'cpf'),
      name: get(r, 'name'),
      sigla: get(r, 'sigla'),
      descricao: get(r, 'descricao'),
      nivel: get(r, 'nivel'),
      orgao: get(r, 'orgao'),
      inicio: brazilPepDate(get(r, 'inicio')),
      fim: brazilPepDate(get(r, 'fim')),
      fimCarencia: brazilPepDate(get(r, 'fimCarencia')),
    })),
  };
}

/** A calendar day 'YYYY-MM-DD' (31/02/2020 reads as 2020-02-31, which is none). */
export const isBrazilPepDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** `years` after a day 'YYYY-MM-DD'; 29 February lands on 28 February of a year that is not a leap year. */
function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The end of a person's PEP status over their functions, and where it comes from. */
export interface BrazilPepEnd {
  /** the last day the person is PEP; null while a function has no end (in office, no grace period given) */
  end: string | null;
  /** the Portal's end of grace period (Data_Fim_Carência), or `yearsAfterOffice` after the end of office */
  endFrom: 'grace' | 'office' | null;
}

/**
 * The end of a person's PEP status over all the functions of their lines (decision 131): each function ends at the
 * end of the grace period the Portal gives, else `yearsAfterOffice` after the end of office (Brazil's rule,
 * PEP_YEARS_AFTER_OFFICE.BR of the shared package); a function with neither, or with a date that is not one, keeps
 * the person PEP (no end); else the latest of the ends.
 */
export function brazilPepEnd(
  rows: readonly Pick<BrazilPepRow, 'fim' | 'fimCarencia'>[],
  yearsAfterOffice: number,
): BrazilPepEnd {
  let last: BrazilPepEnd = { end: null, endFrom: null };
  for (const r of rows) {
    const fn: BrazilPepEnd | null = r.fimCarencia
      ? isBrazilPepDay(r.fimCarencia)
        ? { end: r.fimCarencia, endFrom: 'grace' }
        : null
      : r.fim && isBrazilPepDay(r.fim)
        ? { end: yearsAfter(r.fim, yearsAfterOffice), endFrom: 'office' }
        : null;
    if (!fn) return { end: null, endFrom: null };
    if (!last.end || (fn.end as string) > last.end) last = fn;
  }
  return last;
}

/**
 * Brazil PEP list of the Portal da Transparencia: semicolon separated, ISO-8859-1, CPF masked as
 * ***.456.789-** (or ***456789**). One entity per person (maskedCpfKey: the digits the CPF shows and the normalised
 * name, as the importer and the monitoring key them); each row adds a function. With `yearsAfterOffice` (Brazil's
 * rule, PEP_YEARS_AFTER_OFFICE.BR of the shared package), an entity whose every function has an end carries
 * `validUntil`, the latest of their ends (brazilPepEnd; the screening stops matching it after that day); one function
 * in office keeps it in force. Without it (the command line) no entity carries an end.
 */
export function parseBrazilPepCsv(bytes: Uint8Array, listId = 'pep-br', yearsAfterOffice?: number): ListEntity[] {
  const people = new Map<string, { entity: ListEntity; functions: unknown[]; rows: BrazilPepRow[] }>();
  for (const r of readBrazilPepRows(bytes).rows) {
    if (!r.name) continue;
    const masked = maskedCpfDigits(r.cpf);
    // a copy may carry the whole CPF
    const digits = masked ?? r.cpf.replace(/\D/g, '');
    const key = maskedCpfKey(digits, r.name);
    let p = people.get(key);
    if (!p) {
      const functions: unknown[] = [];
      const n = people.size + 1;
      const entity: ListEntity = {
        id: digits ? `${digits}-${n}` : String(n),
        listId,
        schema: 'Person',
        names: [r.name],
        countries: ['BR'],
        extra: { cpfMasked: r.cpf, functions },
      };
      if (digits) entity.identifiers = [{ type: masked ? MASKED_CPF_ID : 'CPF', value: digits, country: 'BR' }];
      p = { entity, functions, rows: [] };
      people.set(key, p);
    }
    const { sigla, descricao, nivel, orgao, inicio, fim, fimCarencia } = r;
    p.functions.push({ sigla, descricao, nivel, orgao, inicio, fim, fimCarencia });
    p.rows.push(r);
  }
  return [...people.values()].map(({ entity, rows }) => {
    const end = yearsAfterOffice === undefined ? null : brazilPepEnd(rows, yearsAfterOffice).end;
    if (end && entity.extra) entity.extra.validUntil = end;
    return entity;
  });
}
