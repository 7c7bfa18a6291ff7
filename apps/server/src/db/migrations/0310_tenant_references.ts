import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Every reference between two tenant tables stays inside one company (issue 17): the referenced tables get a unique
 * (company_id, id) and each reference becomes a composite foreign key on (company_id, <ref>), so that the database
 * refuses a Brazilian transaction pointing at a Chilean ficha even if a service forgot its check. A composite key
 * replaces the single-column key it supersedes (same delete rule). Nullable references are set null when their
 * record is deleted for good (`on delete set null (<ref>)`, PostgreSQL 15+), which also ends the dangling ids a
 * ficha's permanent delete left in transactions and notifications.
 *
 * Existing rows: a nullable reference that points at no record of its own company (a dangling id, or another
 * company's record stored before this check: the audit rows keep the value) is cleared first; the not-null ones
 * were always written in one company and are validated as they are.
 */

interface Reference {
  table: string;
  column: string;
  target: 'fichas' | 'operations' | 'users' | 'blacklist_reasons';
  onDelete: 'cascade' | 'set null' | 'no action';
  /** the single-column key this one replaces */
  replaces?: string;
}

const REFERENCES: Reference[] = [
  { table: 'transactions', column: 'ficha_id', target: 'fichas', onDelete: 'set null' },
  {
    table: 'transactions',
    column: 'operation_id',
    target: 'operations',
    onDelete: 'set null',
    replaces: 'transactions_operation_id_fkey',
  },
  { table: 'operation_associates', column: 'ficha_id', target: 'fichas', onDelete: 'set null' },
  {
    table: 'operation_associates',
    column: 'operation_id',
    target: 'operations',
    onDelete: 'cascade',
    replaces: 'operation_associates_operation_id_fkey',
  },
  {
    table: 'operation_snapshots',
    column: 'operation_id',
    target: 'operations',
    onDelete: 'cascade',
    replaces: 'operation_snapshots_operation_id_fkey',
  },
  {
    table: 'operation_policy_history',
    column: 'operation_id',
    target: 'operations',
    onDelete: 'cascade',
    replaces: 'operation_policy_history_operation_id_fkey',
  },
  {
    table: 'operation_public_links',
    column: 'operation_id',
    target: 'operations',
    onDelete: 'cascade',
    replaces: 'operation_public_links_operation_id_fkey',
  },
  {
    table: 'ficha_relationships',
    column: 'ficha_id',
    target: 'fichas',
    onDelete: 'cascade',
    replaces: 'ficha_relationships_ficha_id_fkey',
  },
  {
    table: 'ficha_relationships',
    column: 'related_ficha_id',
    target: 'fichas',
    onDelete: 'cascade',
    replaces: 'ficha_relationships_related_ficha_id_fkey',
  },
  {
    table: 'ficha_match_dismissals',
    column: 'ficha_id',
    target: 'fichas',
    onDelete: 'cascade',
    replaces: 'ficha_match_dismissals_ficha_id_fkey',
  },
  { table: 'notifications', column: 'ficha_id', target: 'fichas', onDelete: 'set null' },
  {
    table: 'blacklists',
    column: 'reason_id',
    target: 'blacklist_reasons',
    onDelete: 'no action',
    replaces: 'blacklists_reason_id_fkey',
  },
  {
    table: 'api_clients',
    column: 'user_id',
    target: 'users',
    onDelete: 'no action',
    replaces: 'api_clients_user_id_fkey',
  },
];

/** the nullable references, cleared where they point outside their company before the keys are added */
const NULLABLE = new Set([
  'transactions.ficha_id',
  'transactions.operation_id',
  'operation_associates.ficha_id',
  'notifications.ficha_id',
  'blacklists.reason_id',
]);

const keyName = (r: Reference) => `${r.table}_${r.column}_company_fkey`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements: string[] = [];
  for (const target of ['fichas', 'operations', 'users', 'blacklist_reasons'])
    statements.push(`alter table ${target} add constraint ${target}_company_id_id_key unique (company_id, id);`);
  for (const r of REFERENCES) {
    if (NULLABLE.has(`${r.table}.${r.column}`)) {
      statements.push(`update ${r.table} x set ${r.column} = null
        where x.${r.column} is not null
          and not exists (select 1 from ${r.target} t where t.company_id = x.company_id and t.id = x.${r.column});`);
    }
    const onDelete = r.onDelete === 'set null' ? `set null (${r.column})` : r.onDelete;
    statements.push(`alter table ${r.table} add constraint ${keyName(r)}
      foreign key (company_id, ${r.column}) references ${r.target} (company_id, id) on delete ${onDelete};`);
    if (r.replaces) statements.push(`alter table ${r.table} drop constraint if exists ${r.replaces};`);
  }
  // the referencing side of the new keys, for the deletes of a ficha or an operation
  statements.push(
    'create index if not exists transactions_ficha_idx on transactions (company_id, ficha_id) where ficha_id is not null;',
    'create index if not exists transactions_operation_idx on transactions (company_id, operation_id) where operation_id is not null;',
    'create index if not exists notifications_ficha_idx on notifications (company_id, ficha_id) where ficha_id is not null;',
  );
  await execScript(db, statements.join('\n'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements: string[] = [
    'drop index if exists transactions_ficha_idx;',
    'drop index if exists transactions_operation_idx;',
    'drop index if exists notifications_ficha_idx;',
  ];
  for (const r of REFERENCES) {
    statements.push(`alter table ${r.table} drop constraint if exists ${keyName(r)};`);
    if (r.replaces) {
      const onDelete = r.onDelete === 'set null' ? 'set null' : r.onDelete;
      statements.push(`alter table ${r.table} add constraint ${r.replaces}
        foreign key (${r.column}) references ${r.target} (id) on delete ${onDelete};`);
    }
  }
  for (const target of ['fichas', 'operations', 'users', 'blacklist_reasons'])
    statements.push(`alter table ${target} drop constraint if exists ${target}_company_id_id_key;`);
  await execScript(db, statements.join('\n'));
}
