import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../lib/errors';
import type { FieldMap, FieldSpec } from '../lib/filter';

/* The LoopBack `where` and `order` of lib/filter.ts compiled to SQL over an entity's allow-listed fields. */

const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'inq',
  'nin',
  'between',
  'like',
  'nlike',
  'ilike',
  'nilike',
] as const;
type Operator = (typeof OPERATORS)[number];

function bad(field: string, reason: string): AppError {
  return new AppError('VALIDATION_ERROR', { field, params: { field, reason } });
}

/** How deep `and`/`or` may nest: enough for any screen of ours, and no stack to exhaust. */
const MAX_DEPTH = 8;

/**
 * The allow-listed spec of a field, looked up as an own property: `__proto__`, `constructor`, `toString`... are
 * fields of every object through its prototype and must be unknown here like any other name.
 */
function fieldSpec(fields: FieldMap, name: string): FieldSpec | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

const isOperator = (op: string): op is Operator => (OPERATORS as readonly string[]).includes(op);

function coerce(spec: FieldSpec, field: string, v: unknown): unknown {
  if (v === null) return null;
  switch (spec.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) throw bad(field, 'must be a number');
      return n;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw bad(field, 'must be true or false');
    case 'date': {
      const d = new Date(String(v));
      // years the database stores as written (JavaScript reaches ±275760, PostgreSQL refuses some of those)
      const year = d.getUTCFullYear();
      if (Number.isNaN(d.getTime()) || year < 1 || year > 9999) throw bad(field, 'must be a date');
      return d;
    }
    case 'uuid':
      if (typeof v !== 'string' || !/^[0-9a-f-]{36}$/i.test(v)) throw bad(field, 'must be an id');
      return v;
    default:
      if (typeof v === 'object') throw bad(field, 'must be a text');
      return String(v);
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LoopBack `like` patterns use % and _ already; a pattern without them means "contains". */
function likePattern(v: unknown): string {
  const s = String(v);
  return /[%_]/.test(s) ? s : `%${likeEscape(s)}%`;
}

/**
 * Builds the SQL condition of a LoopBack `where` over the allow-listed fields. Unknown fields and operators
 * answer 400 VALIDATION_ERROR naming them.
 */
export function whereToSql(
  where: Record<string, unknown> | undefined,
  fields: FieldMap,
  path = 'where',
  depth = 0,
): Expression<SqlBool> {
  if (where === undefined || where === null) return sql<SqlBool>`true`;
  if (typeof where !== 'object' || Array.isArray(where)) throw bad(path, 'must be an object');
  if (Object.keys(where).length === 0) return sql<SqlBool>`true`;
  const parts: Expression<SqlBool>[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw bad(`${path}.${key}`, 'must be a list of conditions');
      if (depth >= MAX_DEPTH) throw bad(`${path}.${key}`, `at most ${MAX_DEPTH} levels of and/or`);
      const subs = value.map((w, i) =>
        whereToSql(w as Record<string, unknown>, fields, `${path}.${key}[${i}]`, depth + 1),
      );
      parts.push(
        subs.length === 0
          ? sql<SqlBool>`true`
          : sql<SqlBool>`(${sql.join(subs, sql.raw(key === 'and' ? ' and ' : ' or '))})`,
      );
      continue;
    }
    const spec = fieldSpec(fields, key);
    if (!spec) throw bad(`${path}.${key}`, `unknown field '${key}'`);
    const col = sql.raw(spec.column);
    const field = `${path}.${key}`;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      parts.push(value === null ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${coerce(spec, field, value)}`);
      continue;
    }
    for (const [op, arg] of Object.entries(value as Record<string, unknown>)) {
      if (!isOperator(op)) throw bad(`${field}.${op}`, `unknown operator '${op}'`);
      parts.push(operatorSql(op, col, spec, `${field}.${op}`, arg));
    }
  }
  // `{ "name": {} }` names a field with no condition
  if (parts.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}

function operatorSql(
  op: Operator,
  col: ReturnType<typeof sql.raw>,
  spec: FieldSpec,
  field: string,
  arg: unknown,
): Expression<SqlBool> {
  const list = () => {
    if (!Array.isArray(arg)) throw bad(field, 'must be a list');
    if (arg.length > 1000) throw bad(field, 'at most 1000 values');
    return arg.map((v) => coerce(spec, field, v));
  };
  switch (op) {
    case 'eq':
      return arg === null ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${coerce(spec, field, arg)}`;
    case 'neq':
      return arg === null
        ? sql<SqlBool>`${col} is not null`
        : sql<SqlBool>`${col} is distinct from ${coerce(spec, field, arg)}`;
    case 'gt':
      return sql<SqlBool>`${col} > ${coerce(spec, field, arg)}`;
    case 'gte':
      return sql<SqlBool>`${col} >= ${coerce(spec, field, arg)}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${coerce(spec, field, arg)}`;
    case 'lte':
      return sql<SqlBool>`${col} <= ${coerce(spec, field, arg)}`;
    case 'inq': {
      const vs = list();
      return vs.length ? sql<SqlBool>`${col} in (${sql.join(vs)})` : sql<SqlBool>`false`;
    }
    case 'nin': {
      const vs = list();
      return vs.length ? sql<SqlBool>`${col} not in (${sql.join(vs)})` : sql<SqlBool>`true`;
    }
    case 'between': {
      const vs = list();
      if (vs.length !== 2) throw bad(field, 'must be two values');
      return sql<SqlBool>`${col} between ${vs[0]} and ${vs[1]}`;
    }
    case 'like':
      return sql<SqlBool>`${col}::text like ${likePattern(arg)}`;
    case 'nlike':
      return sql<SqlBool>`${col}::text not like ${likePattern(arg)}`;
    case 'ilike':
      return sql<SqlBool>`${col}::text ilike ${likePattern(arg)}`;
    case 'nilike':
      return sql<SqlBool>`${col}::text not ilike ${likePattern(arg)}`;
  }
}

/** `order: "createdAt DESC"` or a list of them, over sortable allow-listed fields. */
export function orderToSql(order: string | string[] | undefined, fields: FieldMap, fallback: string) {
  const items = order === undefined ? [] : Array.isArray(order) ? order : [order];
  const parts = items.map((item, i) => {
    const [name = '', dirRaw = 'ASC'] = String(item).trim().split(/\s+/);
    const spec = fieldSpec(fields, name);
    if (!spec || spec.sortable === false) throw bad(`filter.order[${i}]`, `cannot sort by '${name}'`);
    const dir = dirRaw.toUpperCase();
    if (dir !== 'ASC' && dir !== 'DESC') throw bad(`filter.order[${i}]`, `direction must be ASC or DESC`);
    return sql.raw(`${spec.column} ${dir}`);
  });
  parts.push(sql.raw(fallback));
  return sql.join(parts, sql.raw(', '));
}

/** Convenience for `eb.and([...])` style callers. */
export function whereExpression<DB, TB extends keyof DB>(where: Record<string, unknown> | undefined, fields: FieldMap) {
  return (_eb: ExpressionBuilder<DB, TB>) => whereToSql(where, fields);
}
