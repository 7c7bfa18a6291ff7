import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../src/db/database';

/**
 * The test apps' embedded databases, reused (decision 314). Loading the migrated template into a new PGlite took
 * 1.5-3.8 s a start on two busy cores (about 40% of the unit stage's worker time went to test apps' starts); putting
 * a used instance back as the template left it takes 0.1-0.3 s: every table emptied (TRUNCATE … RESTART IDENTITY),
 * the template's rows copied back (COPY from the rows kept in memory when the template was first loaded), every
 * sequence set back to the template's value and the session's state discarded (DISCARD ALL: settings, prepared
 * statements, temporary tables, advisory locks, LISTEN).
 *
 * An app gets a lease: the instance behind a proxy that the app's close (Kysely's destroy, the runtime's close) ends
 * instead of closing the instance, after which a late query of that app (a timer that outlived it) fails as on a
 * closed database instead of writing into the next app's. An instance whose schema a test changed (a table, a
 * column, a function, a trigger, a role, an extension: the catalogue's fingerprint differs from the template's) or
 * that fails to reset is closed, not reused; so is one the test closed itself. `TEST_PGLITE_POOL=0` turns reuse off.
 */

interface Template {
  tables: string[];
  rows: Map<string, Blob>;
  sequences: { name: string; value: string | null; start: string }[];
  fingerprint: string;
}

const FINGERPRINT = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as f from (
    select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       and n.nspname not like 'pg_temp%'
    union all
    select 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text || ':' || a.atthasdef
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select 'p:' || p.proname || ':' || p.pronargs::text || ':' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'k:' || conname || ':' || contype::text from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname = 'public'
    union all select 'r:' || rolname from pg_roles
    union all select 'e:' || extname || ':' || extversion from pg_extension
    union all select 'n:' || nspname from pg_namespace
    union all select 's:' || setdatabase::text || ':' || setrole::text || ':' || array_to_string(setconfig, ';') from pg_db_role_setting
    union all select 'pol:' || polname from pg_policy
  ) s`;

let template: Template | undefined;
const idle: PGlite[] = [];
/** how many instances this worker loaded from the template and how many leases reused one (pglite-pool.test.ts) */
export const poolStats = { loaded: 0, reused: 0 };
/** at most this many instances wait for the next app (a file with two apps at once uses two) */
const IDLE_MAX = 2;
const reuse = process.env.TEST_PGLITE_POOL !== '0';

async function fingerprintOf(p: PGlite): Promise<string> {
  return (await p.query<{ f: string }>(FINGERPRINT)).rows[0]?.f ?? '';
}

async function readTemplate(p: PGlite): Promise<Template> {
  const tables = (
    await p.query<{ t: string }>(
      `select quote_ident(relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).rows.map((r) => r.t);
  const rows = new Map<string, Blob>();
  for (const t of tables) {
    // an empty table gives no blob (a failed copy throws)
    const { blob } = await p.query(`copy public.${t} to '/dev/blob'`);
    if (blob?.size) rows.set(t, blob);
  }
  const sequences = (
    await p.query<{ name: string; value: string | null; start: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value,
              start_value::text as start from pg_sequences`,
    )
  ).rows;
  return { tables, rows, sequences, fingerprint: await fingerprintOf(p) };
}

/** Puts the instance back as the template left it; false when it cannot be reused. */
async function reset(p: PGlite, t: Template): Promise<boolean> {
  if (p.closed) return false;
  try {
    if ((await fingerprintOf(p)) !== t.fingerprint) return false;
    await p.exec(
      `set session_replication_role = replica; truncate ${t.tables.map((x) => `public.${x}`).join(', ')} restart identity cascade`,
    );
    for (const [table, blob] of t.rows) await p.query(`copy public.${table} from '/dev/blob'`, [], { blob });
    for (const s of t.sequences)
      await p.query(
        s.value === null
          ? `select setval('${s.name}', ${s.start}, false)`
          : `select setval('${s.name}', ${s.value}, true)`,
      );
    await p.exec('discard all');
    return true;
  } catch {
    return false;
  }
}

/** A PGlite instance as the template left it, behind a lease the app's close ends. */
export async function leaseTemplateDatabase(file: string): Promise<PGlite> {
  let instance = reuse ? idle.pop() : undefined;
  if (instance) poolStats.reused++;
  else {
    poolStats.loaded++;
    instance = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
    if (reuse && !template) template = await readTemplate(instance);
  }
  return lease(instance);
}

function lease(target: PGlite): PGlite {
  let ended: Promise<void> | undefined;
  const end = () => {
    ended ??= (async () => {
      // the room is counted after the reset: two apps ending together must not both take the last place
      const reusable = reuse && template !== undefined && (await reset(target, template)) && idle.length < IDLE_MAX;
      if (reusable) idle.push(target);
      else if (!target.closed) await target.close();
    })();
    return ended;
  };
  return new Proxy(target, {
    get(obj, key) {
      if (key === 'close') return end;
      if (key === 'closed') return ended !== undefined || obj.closed;
      const value = Reflect.get(obj, key, obj);
      if (typeof value !== 'function') return value;
      // after the lease ended, every call fails as on a closed instance
      if (ended) return () => Promise.reject(new Error('PGlite instance is closed.'));
      return value.bind(obj);
    },
  });
}
