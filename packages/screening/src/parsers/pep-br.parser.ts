import type { ListEntity } from '../types';
import { parseCsv } from './csv';
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

/**
 * Brazil PEP list of the Portal da Transparencia: semicolon separated, ISO-8859-1, CPF masked as
 * ***.456.789-** (or ***456789**). One entity per person (masked CPF + name); each row adds a function.
 */
export function parseBrazilPepCsv(bytes: Uint8Array, listId = 'pep-br'): ListEntity[] {
  const text = new TextDecoder('latin1').decode(bytes);
  const rows = parseCsv(text, ';');
  const header = (rows[0] ?? []).map((h) => h.trim());
  const col = (n: string) => header.indexOf(n);
  const iCpf = col('CPF');
  const iName = col('Nome_PEP');
  const byKey = new Map<string, ListEntity>();
  for (const r of rows.slice(1)) {
    const name = (r[iName] ?? '').trim();
    if (!name) continue;
    const cpf = (r[iCpf] ?? '').trim();
    const digits = cpf.replace(/[^0-9]/g, '');
    const key = `${digits}|${name.toUpperCase()}`;
    const fn = {
      sigla: (r[col('Sigla_Funcao')] ?? '').trim(),
      descricao: (r[col('Descricao_Funcao')] ?? '').trim(),
      nivel: (r[col('Nivel_Funcao')] ?? '').trim(),
      orgao: (r[col('Nome_Orgao')] ?? '').trim(),
      inicio: isoDate(r[col('Data_Inicio_Exercicio')]),
      fim: isoDate(r[col('Data_Fim_Exercicio')]),
      fimCarencia: isoDate(r[col('Data_Fim_Carencia')]),
    };
    let e = byKey.get(key);
    if (!e) {
      const functions: unknown[] = [];
      e = {
        id: digits ? `${digits}-${byKey.size + 1}` : String(byKey.size + 1),
        listId,
        schema: 'Person',
        names: [name],
        countries: ['BR'],
        extra: { cpfMasked: cpf, functions },
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
