import { type Kysely, sql } from 'kysely';

/**
 * Splits an SQL script into statements on top-level semicolons (outside quotes, dollar-quoted bodies and
 * comments): prepared statements, which both backends use, take one command each.
 */
export function splitSql(script: string): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  let quote: string | null = null;
  while (i < script.length) {
    const ch = script[i] as string;
    if (quote) {
      if (script.startsWith(quote, i)) {
        cur += quote;
        i += quote.length;
        quote = null;
        continue;
      }
      cur += ch;
      i++;
      continue;
    }
    if (ch === "'") {
      quote = "'";
      cur += ch;
      i++;
      continue;
    }
    if (ch === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(script.slice(i));
      if (m) {
        quote = m[0];
        cur += m[0];
        i += m[0].length;
        continue;
      }
    }
    if (ch === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end;
      continue;
    }
    if (ch === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
      continue;
    }
    cur += ch;
    i++;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Runs each statement of a script in order (within the migration's transaction). */
export async function execScript(db: Kysely<unknown>, script: string) {
  for (const stmt of splitSql(script)) await sql.raw(stmt).execute(db);
}
