/**
 * A screening hit's explanation in words: shared by the screens (apps/web app/screening/explain.ts re-exports it) and
 * the inspector's PDF (issue 28), so both explain a hit the same way.
 */

import type { z } from 'zod';
import { formatDate } from '../format/date';
import type { ScreeningExplanation } from '../schemas/lists';

export type Explanation = z.infer<typeof ScreeningExplanation>;
type Part = Explanation['parts'][number];
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** One segment of an explanation: its label (Nombre, Fecha de nacimiento...), the words, and how it came out. */
export interface ExplanationSegment {
  field: 'name' | 'identifier' | 'birthDate' | 'country' | 'schema' | 'list';
  label: string;
  text: string;
  /** agrees: supports the match; conflicts: speaks against it; neutral: neither */
  tone: 'agrees' | 'conflicts' | 'neutral';
}

const NAME_KINDS = ['exact', 'equivalent', 'merged', 'phonetic', 'fuzzy', 'initial', 'conflict', 'missing', 'extra'];

/** Whether a stored value (a ficha's listas keep the explanation untyped) is an engine explanation. */
export function isExplanation(v: unknown): v is Explanation {
  return !!v && typeof v === 'object' && Array.isArray((v as { parts?: unknown }).parts);
}

function quoted(values: string[], lang: string): string {
  const q = values.map((v) => `'${v}'`);
  try {
    return new Intl.ListFormat(lang, { type: 'conjunction' }).format(q);
  } catch {
    return q.join(', ');
  }
}

/** A date as the reader writes it: dd/mm/yyyy when whole, else as given (1962, 1962-11). */
function showDate(d: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? formatDate(d) : d.split('-').reverse().join('/');
}

/** Lower case without accents or punctuation: how the engine writes a name part. */
export function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The names the parts came from, so that a part shows as it was written ('Nicolás', not 'nicolas'). */
export interface OriginalNames {
  query?: (string | null | undefined)[];
  candidate?: (string | null | undefined)[];
}

function wordsOf(names: (string | null | undefined)[] | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const n of names ?? [])
    for (const w of (n ?? '').split(/[\s,;/()]+/)) {
      const k = fold(w);
      if (k && !m.has(k)) m.set(k, w);
    }
  return m;
}

/** The parts with their words as written in the query and the list name, where a word can be found. */
function restore(parts: Part[], names: OriginalNames | undefined): Part[] {
  if (!names) return parts;
  const q = wordsOf(names.query);
  const c = wordsOf(names.candidate);
  return parts.map((p) => ({
    ...p,
    query: p.query ? (q.get(fold(p.query)) ?? p.query) : p.query,
    candidate: p.candidate ? (c.get(fold(p.candidate)) ?? q.get(fold(p.candidate)) ?? p.candidate) : p.candidate,
  }));
}

function label(p: Part): string {
  if (p.kind === 'missing') return p.candidate;
  if (p.kind === 'extra') return p.query;
  return p.query || p.candidate;
}

function pairs(parts: Part[], lang: string): string {
  return quoted(
    parts.map((p) =>
      p.query && p.candidate && fold(p.query) !== fold(p.candidate) ? `${p.query}' ~ '${p.candidate}` : label(p),
    ),
    lang,
  );
}

/** The name segment: which parts matched how, in words ("coincidencia exacta de 'Nicolás' y 'Maduro'; ..."). */
function nameText(parts: Part[], t: Translate, lang: string): string {
  const groups: string[] = [];
  for (const kind of NAME_KINDS) {
    const ps = parts.filter((p) => p.kind === kind);
    if (!ps.length) continue;
    const names = kind === 'missing' || kind === 'extra' ? quoted(ps.map(label), lang) : pairs(ps, lang);
    groups.push(t(`screening:explain.parts.${kind}`, { names, count: ps.length }));
  }
  return groups.join('; ');
}

/**
 * The engine's structured explanation in words, segment by segment, in the language of `t`: the name parts, the
 * identical document, the birth date, the country and the type of person, each with whether it agrees or conflicts.
 */
export function explanationSegments(
  e: Explanation,
  t: Translate,
  lang: string,
  names?: OriginalNames,
): ExplanationSegment[] {
  const out: ExplanationSegment[] = [];
  if (e.parts.length) {
    const parts = restore(e.parts, names);
    const conflicts = parts.some((p) => p.kind === 'conflict');
    out.push({
      field: 'name',
      label: t('screening:explain.fields.name'),
      text: nameText(parts, t, lang),
      tone: conflicts ? 'neutral' : 'agrees',
    });
  }
  if (e.identifier) {
    out.push({
      field: 'identifier',
      label: t('screening:explain.fields.identifier'),
      text: t('screening:explain.identifier', { value: e.identifier.value }),
      tone: 'agrees',
    });
  }
  if (e.birthDate) {
    const r = e.birthDate.result as 'match' | 'close' | 'conflict';
    const list = e.birthDate.candidate.map(showDate).join(', ');
    out.push({
      field: 'birthDate',
      label: t('screening:explain.fields.birthDate'),
      text:
        r === 'match'
          ? t('screening:explain.birthDate.match', { date: showDate(e.birthDate.query) })
          : t(`screening:explain.birthDate.${r === 'close' ? 'close' : 'conflict'}`, {
              query: showDate(e.birthDate.query),
              list,
            }),
      tone: r === 'match' ? 'agrees' : r === 'close' ? 'neutral' : 'conflicts',
    });
  }
  if (e.country) {
    const match = e.country.result === 'match';
    out.push({
      field: 'country',
      label: t('screening:explain.fields.country'),
      text: match
        ? t('screening:explain.country.match', { country: e.country.query.join(', ') })
        : t('screening:explain.country.conflict', {
            query: e.country.query.join(', '),
            list: e.country.candidate.join(', '),
          }),
      tone: match ? 'agrees' : 'conflicts',
    });
  }
  if (e.schema) {
    out.push({
      field: 'schema',
      label: t('screening:explain.fields.schema'),
      text: t('screening:explain.schema', {
        query: t(`screening:explain.schemas.${e.schema.query}`),
        list: t(`screening:explain.schemas.${e.schema.candidate}`),
      }),
      tone: 'conflicts',
    });
  }
  if (!out.length)
    out.push({
      field: 'list',
      label: t('screening:explain.fields.list'),
      text: t('screening:explain.onList'),
      tone: 'agrees',
    });
  return out;
}

/** The whole explanation as one line: "Nombre: ... · Fecha de nacimiento: igual (23/11/1962) · País: ...". */
export function explainInWords(e: Explanation, t: Translate, lang: string, names?: OriginalNames): string {
  return explanationSegments(e, t, lang, names)
    .map((s) => `${s.label}: ${s.text}`)
    .join(' · ');
}
