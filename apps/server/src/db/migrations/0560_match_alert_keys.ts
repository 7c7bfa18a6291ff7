import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 24, "Customer due diligence": every new list match alerts once per ficha and list entry, whatever found it
 * (a monitoring run, a bulk load, a ficha created or edited, a participant created inside an operation, a public
 * link). The notification of a match stores its key (`<ficha>|<list>|<entry>|<entry hash>`, see
 * monitoring.service `raiseMatchAlerts`), unique per company, so a second screening of the same match writes
 * nothing, even from two transactions at once. The match notifications written before carry no key: each gets the
 * key of the hit its ficha still holds for that list entry (the newest notification of a key, when several).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table notifications add column match_key text;
    with keyed as (
      select distinct on (n.company_id, k.key) n.id, k.key
      from notifications n
      cross join lateral (
        select n.ficha_id::text || '|' || (n.data->>'listId') || '|' || (n.data->>'entityId') || '|' ||
          (h->>'entryHash') as key
        from fichas f
          cross join lateral jsonb_array_elements(case when jsonb_typeof(f.listas->'lists') = 'array'
            then f.listas->'lists' else '[]'::jsonb end) l
          cross join lateral jsonb_array_elements(case when jsonb_typeof(l->'hits') = 'array'
            then l->'hits' else '[]'::jsonb end) h
        where f.id = n.ficha_id and f.company_id = n.company_id
          and l->>'listId' = n.data->>'listId' and h->>'entityId' = n.data->>'entityId'
          and h->>'entryHash' is not null
        limit 1
      ) k
      where n.kind = 'monitoring.match' and n.ficha_id is not null and jsonb_typeof(n.data) = 'object'
      order by n.company_id, k.key, n.created_at desc, n.id
    )
    update notifications n set match_key = keyed.key from keyed where n.id = keyed.id;
    create unique index notifications_match_key_idx on notifications (company_id, match_key)
      where match_key is not null;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop index if exists notifications_match_key_idx;
    alter table notifications drop column if exists match_key;
    `,
  );
}
