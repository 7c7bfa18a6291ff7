import type { ListEntity } from '../types';

/*
 * What the readers of the XML lists (UN, EU, UK) share: the nodes fast-xml-parser gives, read as text and lists,
 * and the optional parts of an entity, kept only when they hold something.
 */

export type Node = Record<string, unknown>;

/** A node's text, trimmed; '' for anything that is not a string or a number. */
export function str(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  return '';
}

/** A node or a list of nodes as a list of element nodes (text and empty values left out). */
export function list(v: unknown): Node[] {
  if (!v) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is Node => typeof x === 'object' && x !== null);
}

/** Adds a value once, with its white space collapsed; empty values are not added. */
export function pushUnique(arr: string[], v: string): void {
  const t = v.replace(/\s+/g, ' ').trim();
  if (t && !arr.includes(t)) arr.push(t);
}

type Optional = Pick<ListEntity, 'identifiers' | 'birthDates' | 'countries' | 'programs' | 'remarks'>;

/** The optional parts of an entity that hold something: an empty list or text is left out. */
export function nonEmpty(parts: Optional): Optional {
  const out: Optional = {};
  if (parts.identifiers?.length) out.identifiers = parts.identifiers;
  if (parts.birthDates?.length) out.birthDates = parts.birthDates;
  if (parts.countries?.length) out.countries = parts.countries;
  if (parts.programs?.length) out.programs = parts.programs;
  if (parts.remarks) out.remarks = parts.remarks;
  return out;
}
