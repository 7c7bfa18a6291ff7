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

/**
 * The file's text: UTF-8 when the bytes are valid UTF-8 (a copy saved again by a spreadsheet; a byte order mark is
 * dropped), else ISO-8859-1, the encoding the Portal publishes (read as Windows-1252, its superset, so that the
 * quotes and dashes a Windows tool may have written are read too).
 */
export function decodeBrazilPepCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The encoding decodeBrazilPepCsv reads the bytes in: 'utf-8-bom', 'utf-8' or 'iso-8859-1'. */
export function brazilPepEncoding(bytes: Uint8Array): 'utf-8-bom' | 'utf-8' | 'iso-8859-1' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'iso-8859-1';
  }
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8-bom' : 'utf-8';
}

/**
 * A date of the file as 'YYYY-MM-DD': dd/mm/yyyy as the Portal writes it (a copy may have written yyyy-mm-dd);
 * '' for none ('Sem informação', empty); anything else is kept as written, for the importer to report.
 */
export function brazilPepDate(v: string | undefined): string {
  const t = (v ?? '').trim();
  if (!t || /^sem informa/i.test(t)) return '';
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  return t;
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
  const records = parseCsvLines(decodeBrazilPepCsv(bytes), ';');
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

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The last day a function keeps its holder PEP: the end of the grace period the Portal gives, else five years after
 * the end of office (Resolução COAF 40/2021); null while in office (no end given), or when a date is not one.
 */
export function brazilPepFunctionEnd(r: Pick<BrazilPepRow, 'fim' | 'fimCarencia'>): string | null {
  if (r.fimCarencia) return isDay(r.fimCarencia) ? r.fimCarencia : null;
  if (!r.fim || !isDay(r.fim)) return null;
  const [y, m, d] = r.fim.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + 5, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * Brazil PEP list of the Portal da Transparencia: semicolon separated, ISO-8859-1, CPF masked as
 * ***.456.789-** (or ***456789**). One entity per person (masked CPF + name); each row adds a function. An entity
 * whose every function has an end carries `validUntil`, the latest of their ends (the screening stops matching it
 * after that day); one function in office keeps it in force.
 */
export function parseBrazilPepCsv(bytes: Uint8Array, listId = 'pep-br'): ListEntity[] {
  const byKey = new Map<string, ListEntity>();
  const ends = new Map<string, (string | null)[]>();
  for (const r of readBrazilPepRows(bytes).rows) {
    if (!r.name) continue;
    const digits = r.cpf.replace(/[^0-9]/g, '');
    const key = `${digits}|${r.name.toUpperCase()}`;
    const fn = {
      sigla: r.sigla,
      descricao: r.descricao,
      nivel: r.nivel,
      orgao: r.orgao,
      inicio: r.inicio,
      fim: r.fim,
      fimCarencia: r.fimCarencia,
    };
    let e = byKey.get(key);
    if (!e) {
      const functions: unknown[] = [];
      e = {
        id: digits ? `${digits}-${byKey.size + 1}` : String(byKey.size + 1),
        listId,
        schema: 'Person',
        names: [r.name],
        countries: ['BR'],
        extra: { cpfMasked: r.cpf, functions },
      };
      if (digits) e.identifiers = [{ type: 'cpf-partial', value: digits, country: 'BR' }];
      byKey.set(key, e);
    }
    const functions = e.extra?.functions;
    if (Array.isArray(functions)) functions.push(fn);
    ends.set(key, [...(ends.get(key) ?? []), brazilPepFunctionEnd(r)]);
  }
  for (const [key, e] of byKey) {
    const all = ends.get(key) ?? [];
    if (all.length && all.every((d) => d !== null) && e.extra) e.extra.validUntil = (all as string[]).sort().at(-1);
  }
  return [...byKey.values()];
}
