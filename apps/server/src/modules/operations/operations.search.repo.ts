import { type Expression, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import { COUNT_CAP } from './operations.repo';
import { classifySearch, type SearchTerm } from './operations.search';

/**
 * The operations of a company a search term matches, found through the indexes of migration 0302. The function
 * operations_search_ids looks only in the transaction's company (app.company_id, set by withTenant); the WHERE
 * names the company asked for as well, so a call outside that company's transaction finds nothing. Each kind stops
 * at `limit` rows; `complete` says no kind was cut, so `ids` is every match.
 */
export async function searchIds(db: Executor, companyId: string, term: SearchTerm, limit: number) {
  const r = await sql<{ id: string; branch: number }>`
    select operation_id as id, branch from operations_search_ids(${term.codigo}::int, ${term.docs}::text[],
      ${term.docFrom}::text, ${term.docTo}::text, ${term.refFrom}::text, ${term.refTo}::text, ${term.words}::text,
      ${limit}::int)
    where nullif(current_setting('app.company_id', true), '')::uuid = ${companyId}::uuid`.execute(db);
  const perBranch = new Map<number, number>();
  for (const row of r.rows) perBranch.set(row.branch, (perBranch.get(row.branch) ?? 0) + 1);
  return {
    ids: [...new Set(r.rows.map((row) => row.id))],
    complete: [...perBranch.values()].every((n) => n < limit),
  };
}

/**
 * The same match as `searchIds`, row by row (no index): for a term that matches too many operations to list their
 * ids, the page walks the date index and tests each row (it fills quickly, since matches are common). The queries
 * that use it filter the company.
 */
export function searchRowCondition(term: SearchTerm): Expression<SqlBool> {
  const own: Expression<SqlBool>[] = [
    sql<SqlBool>`(lower(operations.reference_number) ~>=~ ${term.refFrom} and lower(operations.reference_number) ~<~ ${term.refTo})`,
  ];
  if (term.codigo !== null) own.push(sql<SqlBool>`operations.codigo = ${term.codigo}`);
  if (term.words !== null) {
    own.push(
      sql<SqlBool>`operations_search_doc(operations.transaction_comments, operations.tags) @@ to_tsquery('simple', ${term.words})`,
    );
  }
  const theirs: Expression<SqlBool>[] = [];
  if (term.docs !== null) {
    theirs.push(
      sql<SqlBool>`a.dni = any(${term.docs}::text[]) or (a.dni ~>=~ ${term.docFrom} and a.dni ~<~ ${term.docTo})`,
    );
  }
  if (term.words !== null)
    theirs.push(sql<SqlBool>`operations_name_doc(a.name) @@ to_tsquery('simple', ${term.words})`);
  if (theirs.length > 0) {
    own.push(sql<SqlBool>`exists (select 1 from operation_associates a
      where a.company_id = operations.company_id and a.operation_id = operations.id
        and (${sql.join(theirs, sql` or `)}))`);
  }
  return sql<SqlBool>`(${sql.join(own, sql` or `)})`;
}

/**
 * The search of spec 000 §7 (referenceNumber, transactionComments, codigo, tag names, associates' dni and name) as a
 * condition, inside the company's tenant transaction: the matching ids when there are at most `cap` of them
 * (`selective`: read them by id, then sort), otherwise the row-by-row test. Null for an empty term.
 */
export async function searchCondition(
  db: Executor,
  companyId: string,
  raw: string | undefined,
  cap = COUNT_CAP,
): Promise<{ cond: Expression<SqlBool>; selective: boolean } | null> {
  const term = classifySearch(raw ?? '');
  if (!term) return null;
  const found = await searchIds(db, companyId, term, cap + 1);
  if (found.complete && found.ids.length <= cap) {
    return { cond: sql<SqlBool>`operations.id = any(${found.ids}::uuid[])`, selective: true };
  }
  return { cond: searchRowCondition(term), selective: false };
}
