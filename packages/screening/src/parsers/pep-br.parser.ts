import type { ListEntity } from '../types';
import { parseCsvLines } from './csv';
import { parseListDate } from './dates';

const PEP_HEADER = ['CPF', 'Nome_PEP'];

/** True when the first line looks like the Portal da Transparencia PEP CSV header. */
export function isBrazilPepHeader(firstLine: string): boolean {
  const cols = firstLine.split(';').map((c) =>
    c
      .trim()
      .replace(/^"|"$/g, '')
      .replace(/^\uFEFF/, ''),
  );
  return PEP_HEADER.every((h) => cols.includes(h));
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
  fimCarencia: string;
}

/**
 * The file's text: UTF-8 when the bytes are valid UTF-8 (a copy saved again by a spreadsheet), else ISO-8859-1,
 * the encoding the Portal publishes.
 */
export function decodeBrazilPepCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * The lines of the Brazil PEP list of the Portal da Transparencia, one function each, with their line numbers
 * (an importer reports a bad line by its number). `header` is false when the first line is not the Portal's header.
 */
export function readBrazilPepRows(bytes: Uint8Array): { header: boolean; rows: BrazilPepRow[] } {
  const records = parseCsvLines(decodeBrazilPepCsv(bytes), ';');
  const header = (records[0]?.fields ?? []).map((h) => h.trim().replace(/^\uFEFF/, ''));
  if (!PEP_HEADER.every((h) => header.includes(h))) return { header: false, rows: [] };
  const col = (n: string) => header.indexOf(n);
  const at = (r: string[], n: string) => (col(n) < 0 ? '' : (r[col(n)] ?? '').trim());
  return {
    header: true,
    rows: records.slice(1).map(({ line, fields: r }) => ({
      line,
      cpf: at(r, 'CPF'),
      name: at(r, 'Nome_PEP'),
      sigla: at(r, 'Sigla_Funcao'),
      descricao: at(r, 'Descricao_Funcao'),
      nivel: at(r, 'Nivel_Funcao'),
      orgao: at(r, 'Nome_Orgao'),
      inicio: isoDate(at(r, 'Data_Inicio_Exercicio')),
      fim: isoDate(at(r, 'Data_Fim_Exercicio')),
      fimCarencia: isoDate(at(r, 'Data_Fim_Carencia')),
    })),
  };
}

/**
 * Brazil PEP list of the Portal da Transparencia: semicolon separated, ISO-8859-1, CPF masked as
 * ***.456.789-** (or ***456789**). One entity per person (masked CPF + name); each row adds a function.
 */
export function parseBrazilPepCsv(bytes: Uint8Array, listId = 'pep-br'): ListEntity[] {
  const byKey = new Map<string, ListEntity>();
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
  }
  return [...byKey.values()];
}

function isoDate(v: string | undefined): string {
  const t = (v ?? '').trim();
  if (!t || /^sem informa/i.test(t)) return '';
  return parseListDate(t)[0] ?? t;
}
