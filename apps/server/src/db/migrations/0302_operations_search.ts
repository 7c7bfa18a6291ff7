import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { execScript } from './sql-script';

/**
 * Fast free-text search of the consultations (spec 000 §7; bench/operations). The `like '%term%'` over one text per
 * operation with a trigram index was 0.3-1 s at a million operations, so each kind of term now goes through its own
 * index:
 *  - codigo: the (company_id, codigo) unique index;
 *  - reference number: prefix of lower(reference_number) on a pattern btree;
 *  - participants' documents: exact forms or prefix on a pattern btree of operation_associates (company_id, dni);
 *  - words: prefix tsquery ('gonz:*') on GIN indexes of the folded comments + tag names (operations) and of the
 *    folded participant names (operation_associates). Folding is `foldText` of the fichas module in SQL: lower case,
 *    accents removed (NFD without combining marks); the text search parser drops the punctuation.
 * The functions name their schema (public.operations_fold): PostgreSQL 17 builds indexes with a safe search_path.
 * Under row-level security PostgreSQL cannot use an index for an operator that is not leakproof (@@, LIKE), so
 * `operations_search_ids` finds the ids as the table owner but only in the company of the transaction
 * (app.company_id, set by withTenant), like fichas_search_ids (0202); the rows are then read under RLS by id.
 * Each branch stops at p_limit rows and says which branch it was, so the caller knows whether the set is complete.
 * The function's queries are planned once for any term (generic plans): in the word branches the company is compared
 * as text so that no company index can be chosen over the GIN index (walking a large company's rows hoping to reach
 * the limit early took seconds when nothing matched).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create or replace function operations_fold(t text) returns text
      language sql immutable parallel safe as $fn$
      select regexp_replace(normalize(lower(coalesce(t, '')), NFD), '[\\u0300-\\u036f]', '', 'g')
    $fn$;
    create or replace function operations_search_doc(comments text, tags jsonb) returns tsvector
      language sql immutable parallel safe as $fn$
      select to_tsvector('simple'::regconfig, public.operations_fold(coalesce(comments, '') || ' '
        || coalesce(jsonb_path_query_array(tags, '$[*].name')::text, '')))
    $fn$;
    create or replace function operations_name_doc(name text) returns tsvector
      language sql immutable parallel safe as $fn$
      select to_tsvector('simple'::regconfig, public.operations_fold(name))
    $fn$;

    create index operations_reference_pattern_idx on operations (company_id, lower(reference_number) text_pattern_ops);
    create index operations_search_doc_idx on operations using gin (operations_search_doc(transaction_comments, tags));
    create index operation_associates_dni_pattern_idx on operation_associates (company_id, dni text_pattern_ops);
    create index operation_associates_name_doc_idx on operation_associates using gin (operations_name_doc(name));
    -- the trigram index of search_text served only the old like '%term%' search
    drop index if exists operations_search_idx;

    create or replace function operations_search_ids(
      p_codigo integer, p_docs text[], p_doc_from text, p_doc_to text,
      p_ref_from text, p_ref_to text, p_words text, p_limit integer
    ) returns table (operation_id uuid, branch integer)
      language sql stable security definer set search_path = public as $fn$
      (select o.id, 1 from operations o
        where o.company_id = nullif(current_setting('app.company_id', true), '')::uuid and o.codigo = p_codigo)
      union all
      (select o.id, 2 from operations o
        where o.company_id = nullif(current_setting('app.company_id', true), '')::uuid
          and lower(o.reference_number) ~>=~ p_ref_from and lower(o.reference_number) ~<~ p_ref_to
        limit p_limit)
      union all
      (select a.operation_id, 3 from operation_associates a
        where a.company_id = nullif(current_setting('app.company_id', true), '')::uuid
          and (a.dni = any(p_docs) or (a.dni ~>=~ p_doc_from and a.dni ~<~ p_doc_to))
        limit p_limit)
      union all
      (select o.id, 4 from operations o
        where o.company_id::text = (nullif(current_setting('app.company_id', true), '')::uuid)::text
          and operations_search_doc(o.transaction_comments, o.tags) @@ to_tsquery('simple', p_words)
        limit p_limit)
      union all
      (select a.operation_id, 5 from operation_associates a
        where a.company_id::text = (nullif(current_setting('app.company_id', true), '')::uuid)::text
          and operations_name_doc(a.name) @@ to_tsquery('simple', p_words)
        limit p_limit)
    $fn$;
    revoke all on function operations_search_ids(integer, text[], text, text, text, text, text, integer) from public;
  `,
  );
  await sql
    .raw(
      `grant execute on function operations_search_ids(integer, text[], text, text, text, text, text, integer) to ${APP_ROLE}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop function if exists operations_search_ids(integer, text[], text, text, text, text, text, integer);
    drop index if exists operation_associates_name_doc_idx;
    drop index if exists operation_associates_dni_pattern_idx;
    drop index if exists operations_search_doc_idx;
    drop index if exists operations_reference_pattern_idx;
    drop function if exists operations_name_doc(text);
    drop function if exists operations_search_doc(text, jsonb);
    drop function if exists operations_fold(text);
    create index if not exists operations_search_idx on operations using gin (search_text gin_trgm_ops);
  `,
  );
}
