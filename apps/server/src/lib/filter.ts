import { AppError } from './errors';

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

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', { field: name, params: { field: name, reason: 'not valid JSON' } });
  }
}

/** Parses `?filter=` into a normalised filter with bounded limit and skip. */
export function parseListFilter(raw: string | undefined, defaults: { limit?: number } = {}) {
  const f = (parseJson(raw, 'filter') ?? {}) as ListFilter;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter',
      params: { field: 'filter', reason: 'must be an object' },
    });
  }
  const limit = f.limit === undefined ? (defaults.limit ?? DEFAULT_LIMIT) : Number(f.limit);
  const skip = Number(f.skip ?? f.offset ?? 0);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter.limit',
      params: { field: 'filter.limit', reason: `an integer from 0 to ${MAX_LIMIT}` },
    });
  }
  if (!Number.isInteger(skip) || skip < 0) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'filter.skip',
      params: { field: 'filter.skip', reason: 'a non-negative integer' },
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
