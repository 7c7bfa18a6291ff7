import { AppError } from './errors';
import { unstorableTextPath } from './text-input';

/**
 * The LoopBack-style `filter` of the spec's list calls: `{ where, order, limit, skip, fields, include }`, and the
 * `where` of count calls. Fields and operators are allow-listed per entity; anything else answers 400 naming it.
 */
export interface ListFilter {
  where?: Record<string, unknown>;
  order?: string | string[];
  limit?: number;
  skip?: number;
  offset?: number;
  fields?: Record<string, boolean> | string[];
  include?: unknown;
}

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 25;
/** The furthest a page may start: beyond it no list of ours has rows, and the database's offset would overflow. */
export const MAX_SKIP = 10_000_000;

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', { field: name, params: { field: name, reason: 'not valid JSON' } });
  }
  // every reader of a filter walks it recursively (the where compiler, the modules' own search terms): a filter
  // nested thousands of levels deep would exhaust the stack, a 500
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new AppError('VALIDATION_ERROR', {
      field: name,
      params: { field: name, reason: `nested more than ${MAX_JSON_DEPTH} levels` },
    });
  }
  // "\u0000" or a lone "\ud800" escaped inside the JSON: text the database cannot compare or store
  const at = unstorableTextPath(value);
  if (at !== null) {
    const field = fieldName(name, at);
    throw new AppError('INVALID_CHARACTERS', { field, params: { field } });
  }
  // JSON.parse keeps "__proto__" as a plain key, which a later copy (`out[k] = v`, `{ ...w }`) would drop silently
  // or turn into the copy's prototype: it is never a field, so it is refused here for every list and count route
  const proto = prototypeKeyPath(value);
  if (proto !== null) {
    const field = fieldName(name, proto);
    throw new AppError('VALIDATION_ERROR', { field, params: { field, reason: 'unknown field' } });
  }
  return value;
}

/** How deep a filter's JSON may nest (a where with and/or eight levels deep is 34). */
const MAX_JSON_DEPTH = 40;

/** True when objects and arrays in `value` nest deeper than `max` (walked without recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A limit or skip as a number: a number or a numeric text; anything else (an object, a list) is NaN. */
function count(v: unknown): number {
  if (typeof v === 'number') return v;
  return typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
}

/** A place inside `?filter=` or `?where=` as the filter errors name it: `where.name`, `filter.limit`. */
function fieldName(param: string, path: string) {
  if (!path) return param;
  return param === 'filter' && (path === 'where' || path.startsWith('where.')) ? path : `${param}.${path}`;
}

/** The path of the first `__proto__` key in parsed JSON, or null. */
function prototypeKeyPath(value: unknown, path = '', depth = 0): string | null {
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k === '__proto__') return here;
    const inner = prototypeKeyPath(v, here, depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * Parses `?filter=` into a normalised filter with bounded limit and skip: limit at most the route's `max`
 * (MAX_LIMIT by default), skip at most MAX_SKIP; anything else answers 400 naming `filter.limit` or `filter.skip`.
 */
export function parseListFilter(raw: string | undefined, defaults: { limit?: number; max?: number } = {}) {
  const f = (parseJson(raw, 'filter') ?? {}) as ListFilter;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter',
      params: { field: 'filter', reason: 'must be an object' },
    });
  }
  const limit = f.limit === undefined || f.limit === null ? (defaults.limit ?? DEFAULT_LIMIT) : count(f.limit);
  const skip = count(f.skip ?? f.offset ?? 0);
  const max = Math.min(defaults.max ?? MAX_LIMIT, MAX_LIMIT);
  if (!Number.isInteger(limit) || limit < 0 || limit > max) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter.limit',
      params: { field: 'filter.limit', reason: `an integer from 0 to ${max}` },
    });
  }
  if (!Number.isInteger(skip) || skip < 0 || skip > MAX_SKIP) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter.skip',
      params: { field: 'filter.skip', reason: `an integer from 0 to ${MAX_SKIP}` },
    });
  }
  return { where: f.where, order: f.order, limit, skip, fields: f.fields, include: f.include };
}

/** Parses `?where=` of count calls. */
export function parseWhere(raw: string | undefined): Record<string, unknown> | undefined {
  const w = parseJson(raw, 'where');
  if (w === undefined) return undefined;
  if (typeof w !== 'object' || w === null || Array.isArray(w)) {
    throw new AppError('VALIDATION_ERROR', { field: 'where', params: { field: 'where', reason: 'must be an object' } });
  }
  return w as Record<string, unknown>;
}

export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'uuid' | 'json';

export interface FieldSpec {
  /** SQL column (snake_case, optionally qualified) or an SQL expression */
  column: string;
  type: FieldType;
  sortable?: boolean;
}

export type FieldMap = Record<string, FieldSpec>;

/**
 * A FieldMap written short: each field's type, its column the field's name in snake_case (`personType` →
 * `person_type`), qualified by `table` when given; a field whose column is another is written as its FieldSpec.
 */
export function fieldsOf(table: string | null, fields: Record<string, FieldType | FieldSpec>): FieldMap {
  const column = (name: string) => {
    const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return table ? `${table}.${snake}` : snake;
  };
  return Object.fromEntries(
    Object.entries(fields).map(([name, f]) => [name, typeof f === 'string' ? { column: column(name), type: f } : f]),
  );
}
