import { countryCode } from '../text/countries';
import type { ListEntity } from '../types';
import { parseCsv, toSchema } from './csv';

const NAME_COLS = ['name', 'nombre', 'nome', 'razon_social', 'razao_social', 'full_name'];
const DOC_COLS = ['dni', 'document', 'documento', 'rut', 'cpf', 'cnpj', 'id_number'];
const TYPE_COLS = ['type', 'persontype', 'person_type', 'tipo', 'schema'];

/**
 * Company-maintained list as CSV (comma or semicolon): name, optional dni/document, type/personType,
 * country, reason. Ids are the document when present, else the row number.
 */
export function parseCompanyCsv(text: string, listId: string): ListEntity[] {
  const first = text.split('\n', 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = parseCsv(text, delimiter);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((h) => names.includes(h));
  const iName = find(NAME_COLS);
  const iDoc = find(DOC_COLS);
  const iType = find(TYPE_COLS);
  const iCountry = find(['country', 'pais', 'país', 'nationality']);
  const iReason = find(['reason', 'motivo', 'razon', 'remarks']);
  if (iName < 0) return [];
  const out: ListEntity[] = [];
  const seen = new Set<string>();
  rows.slice(1).forEach((r, n) => {
    const name = (r[iName] ?? '').trim();
    if (!name) return;
    const doc = iDoc >= 0 ? (r[iDoc] ?? '').trim() : '';
    let id = doc || String(n + 1);
    if (seen.has(id)) id = `${id}#${n + 1}`;
    seen.add(id);
    const e: ListEntity = { id, listId, schema: iType >= 0 ? toSchema(r[iType]) : 'Unknown', names: [name] };
    if (doc) e.identifiers = [{ type: header[iDoc] ?? 'document', value: doc }];
    const country = iCountry >= 0 ? (r[iCountry] ?? '').trim() : '';
    if (country) e.countries = [countryCode(country)];
    const reason = iReason >= 0 ? (r[iReason] ?? '').trim() : '';
    if (reason) e.remarks = reason;
    out.push(e);
  });
  return out;
}
