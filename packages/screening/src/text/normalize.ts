import pinyin from 'tiny-pinyin';
import type { EntitySchema } from '../types';
import {
  ABBREVIATIONS,
  GIVEN_NAME_GROUP,
  LEGAL_FORM_PHRASES,
  LEGAL_FORM_WORDS,
  LEGAL_VOCABULARY,
  NUMBER_WORDS,
  ORG_GENERIC,
  ORG_STOPWORDS,
  ORG_WORD_GROUP,
  PARTICLES,
  TITLES,
} from './lexicon';
import { consonantSkeleton, phoneticKey } from './phonetic';
import { editDistance } from './similarity';
import { isHan, transliterate } from './translit';
import { rememberedPerWord } from './word-memo';

/** 'syllable': a Han character read in pinyin; it only matches exactly (or joined with its neighbours). */
export type TokenKind = 'word' | 'generic' | 'particle' | 'stop' | 'legal' | 'number' | 'initial' | 'syllable';

export interface NameToken {
  /** Normalised text (latin where a table exists; legal forms keep their own spelling). */
  text: string;
  kind: TokenKind;
  /** Weight in the name score. */
  weight: number;
  /** Phonetic key ('' when not latin). */
  phon: string;
  /** Consonant skeleton when the token came from Arabic or Hebrew script, else ''. */
  skel: string;
  /** Given-name equivalence group (John/Juan/Jean...), 0 when none. */
  group: number;
  /** Legal form class for kind 'legal'. */
  cls: string;
}

export interface NormalizedName {
  original: string;
  schema: EntitySchema;
  tokens: NameToken[];
}

export const KIND_WEIGHT: Record<TokenKind, number> = {
  word: 1,
  syllable: 1,
  generic: 0.6,
  number: 0.8,
  initial: 0.45,
  particle: 0.15,
  stop: 0.1,
  legal: 0.15,
};

const APOSTROPHES = /['’`ʼʻ´‘]/g;
const DOTTED_INITIALS = /(^|[^\p{L}\p{N}])((?:\p{L}\.\s?){2,})/gu;
const SLASHED_PAIR = /(^|[^\p{L}\p{N}])(\p{L})\/(\p{L})(?![\p{L}\p{N}])/gu;
const SPLIT = /[^\p{L}\p{N}\p{M}]+/u;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };

const LEGAL_VOCABULARY_LIST = [...LEGAL_VOCABULARY, ...[...LEGAL_FORM_WORDS.keys()].filter((w) => w.length >= 6)];

/** "LIABILAITY", "LIMTIED": a legal-form word with one typo (long words only). */
function misspeltLegalWord(t: string): boolean {
  if (t.length < 6 || ORG_GENERIC.has(t)) return false;
  for (const w of LEGAL_VOCABULARY_LIST) {
    if (Math.abs(w.length - t.length) <= 1 && editDistance(w, t, 1) <= 1) return true;
  }
  return false;
}

/**
 * Titles of six letters or more, which lists and customers write many ways: a word of five letters or more one
 * typing error from one of them is that title ("Sheih", "Mllah", "Maulapvi", "Coolnel"), not a name the list lacks.
 * Not the short ones ("Molas" is a surname one letter from "Molah", "Mayor" one from "Major"), nor hajji, which is
 * a name as well ("Hijji").
 */
const SPELT_TITLES = (
  'sheikh shaikh shaykh mullah mollah maulana maulvi mawlawi mawlana maulavi maulawi moulavi mawlavi moulvi ' +
  'doctor general colonel captain sergeant lieutenant professor reverend president minister'
).split(' ');

const spellsTitle = rememberedPerWord((t) =>
  SPELT_TITLES.some((w) => Math.abs(w.length - t.length) <= 1 && editDistance(w, t, 1) <= 1),
);

function misspeltTitle(t: string): boolean {
  return t.length >= 5 && t.length <= 11 && spellsTitle(t);
}

/**
 * Appends a number; a unit right after a number of tens is added to it, as it is read ("Forty 4", "forty-four",
 * "Forty-4": 44).
 */
let tensWordAt = -1;
function pushNumber(tokens: NameToken[], num: string, word: boolean): void {
  const prev = tokens[tokens.length - 1];
  // only after tens written as a word: two numbers in digits ("20 3") are two numbers
  if (tensWordAt === tokens.length - 1 && prev?.kind === 'number' && /^[1-9]$/.test(num)) {
    tokens[tokens.length - 1] = makeToken(String(Number(prev.text) + Number(num)), 'number', false);
    tensWordAt = -1;
    return;
  }
  tensWordAt = word && /^[2-9]0$/.test(num) ? tokens.length : -1;
  tokens.push(makeToken(num, 'number', false));
}

/** An unknown-type name with a legal form or a descriptive organisation word is read as an organisation. */
function looksLikeOrganization(raw: { text: string }[]): boolean {
  if (raw.length < 2) return false;
  for (let i = 0; i < raw.length; i++) {
    const t = (raw[i] as { text: string }).text;
    if (ORG_GENERIC.has(t) || LEGAL_VOCABULARY.has(t)) return true;
    if (LEGAL_FORM_WORDS.has(t) && !PARTICLES.has(t) && (t.length >= 3 || i === raw.length - 1) && i > 0) return true;
  }
  return false;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

/** Small roman numerals ("XI", "XV", "XX") of fund and series names, as digits; '' when not one. */
function romanNumeral(t: string): string {
  if (t.length < 2 || t.length > 5 || !/^x{0,3}(ix|iv|v?i{0,3})$/.test(t)) return '';
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const v = ROMAN[t[i] as string] ?? 0;
    const next = ROMAN[t[i + 1] as string] ?? 0;
    n += v < next ? -v : v;
  }
  return n > 0 ? String(n) : '';
}

function isOrgLike(schema: EntitySchema): boolean {
  return schema === 'Company' || schema === 'Organization' || schema === 'Vessel' || schema === 'Aircraft';
}

/** Splits a raw string into lower-cased latin tokens, before classification. */
interface RawToken {
  text: string;
  abjad: boolean;
  han?: boolean;
  char?: string;
}

const HAN_READING = new Map<string, string>();

/** Pinyin reading of a Han character (the character itself when the runtime lacks Chinese collation). */
function hanReading(ch: string): string {
  let r = HAN_READING.get(ch);
  if (r === undefined) {
    r = pinyin.isSupported() ? pinyin.convertToPinyin(ch, '', true).replace(/[^a-z]/g, '') || ch : ch;
    HAN_READING.set(ch, r);
  }
  return r;
}

export function rawTokens(input: string, schema: EntitySchema = 'Unknown'): RawToken[] {
  // NFKC: the lists' Arabic presentation forms ("ﺁخوند"), full-width letters and ligatures read as the letters typed
  let s = input.normalize('NFKC');
  if (schema === 'Person') {
    // "SURNAME, Given" -> "Given SURNAME"
    const parts = s.split(',');
    if (parts.length === 2 && (parts[0] as string).trim() && (parts[1] as string).trim()) {
      s = `${parts[1]} ${parts[0]}`;
    }
  }
  s = s.toLowerCase().replace(APOSTROPHES, '').replace(/&/g, ' and ');
  // "U.S.A." is one word; a person's "J. C." are two initials.
  s = s.replace(DOTTED_INITIALS, (_m, pre: string, letters: string) =>
    schema === 'Person' ? `${pre}${letters.replace(/[.\s]+/g, ' ')} ` : `${pre}${letters.replace(/[.\s]/g, '')} `,
  );
  s = s.replace(SLASHED_PAIR, (_m, pre: string, a: string, b: string) => `${pre}${a}${b}`);
  const out: RawToken[] = [];
  for (const raw of s.split(SPLIT)) {
    if (!raw) continue;
    const { text, abjad } = transliterate(raw);
    let t = text.replace(/[^\p{L}\p{N}\p{M}]+/gu, '');
    if (!t) continue;
    // Leetspeak: a token of letters with a few digits in it ("ig0r")
    if (/\d/.test(t) && /[a-z]/.test(t)) {
      const digits = t.replace(/\D/g, '').length;
      if (digits * 2 < t.length - digits && /^[a-z]/.test(t)) t = t.replace(/[0134578]/g, (d) => LEET[d] ?? d);
    }
    // Arabic article written together with the noun: "الفتاح" -> al + ftah
    if (abjad && raw.startsWith('ال') && t.startsWith('al') && t.length > 4) {
      out.push({ text: 'al', abjad: false });
      t = t.slice(2);
      // the noun's first letter is word-initial: waw and ya are the consonants w and y ("al-Walid", "al-Yazid")
      const lead = raw[2];
      if (lead === 'و' && t.startsWith('u')) t = `w${t.slice(1)}`;
      else if ((lead === 'ي' || lead === 'ی') && t.startsWith('i')) t = `y${t.slice(1)}`;
    }
    // Korean: family name (first syllable) apart from the given name, like "Kim Jong Un".
    if (/^[\uac00-\ud7a3]{2,3}$/.test(raw)) {
      const first = transliterate(raw.slice(0, 1)).text.replace(/^g/, 'k');
      out.push({ text: first, abjad: false });
      out.push({ text: transliterate(raw.slice(1)).text, abjad: false });
      continue;
    }
    // Han ideographs: one token per character, read in pinyin ("习近平" -> xi jin ping).
    let buf = '';
    for (const ch of t) {
      if (isHan(ch.codePointAt(0) ?? 0)) {
        if (buf) out.push({ text: buf, abjad });
        buf = '';
        out.push({ text: hanReading(ch), abjad: false, han: true, char: ch });
      } else buf += ch;
    }
    if (buf) out.push({ text: buf, abjad });
  }
  return out;
}

// Tokens are immutable and shared: the same spelling and role gives the same object (bounded cache).
const TOKEN_CACHE = new Map<string, NameToken>();
const TOKEN_CACHE_MAX = 500_000;

function makeToken(text: string, kind: TokenKind, abjad: boolean, cls = ''): NameToken {
  const key = `${text}\u0001${kind}\u0001${abjad ? 1 : 0}\u0001${cls}`;
  let t = TOKEN_CACHE.get(key);
  if (!t) {
    if (TOKEN_CACHE.size >= TOKEN_CACHE_MAX) TOKEN_CACHE.clear();
    t = buildToken(text, kind, abjad, cls);
    TOKEN_CACHE.set(key, t);
  }
  return t;
}

function buildToken(text: string, kind: TokenKind, abjad: boolean, cls: string): NameToken {
  return {
    text,
    kind,
    weight: KIND_WEIGHT[kind],
    phon: kind === 'word' || kind === 'generic' ? phoneticKey(text) : '',
    skel: abjad ? consonantSkeleton(text) : '',
    // an organisation's descriptive word and its translations; a person's given name and its other forms
    group: (kind === 'generic' ? ORG_WORD_GROUP.get(text) : GIVEN_NAME_GROUP.get(text)) ?? 0,
    cls,
  };
}

/**
 * Normalises a name: case, accents, punctuation, other scripts, name order ("SURNAME, Given"), titles,
 * particles, legal forms (as a class), abbreviations, numbers and initials.
 */
/**
 * A trailing "(ISGS)", "(JAK-T)": one word of 2 to 6 letters in parentheses (ACRONYM_IN_PARENTHESES, read after
 * the last opening parenthesis) after a name of two words or more (TWO_WORDS). Two expressions rather than one: a
 * single one backtracked over every name ending with a parenthesis, a tenth of the CPU time of a query.
 */
const ACRONYM_IN_PARENTHESES = /^\s*([\p{L}]{1,6}(?:-[\p{L}]{1,3})?)\s*\)\s*$/u;
const TWO_WORDS = /[\p{L}\p{N}].*\s.*[\p{L}\p{N}]/u;

/**
 * An organisation's acronym written after its name ("TEHRIK-E TALIBAN PAKISTAN (TTP)") is the name again,
 * shortened: lists add it, other sources leave it out, and a name written without one of its words keeps it. It
 * counts as a stop word (it matches the same acronym, and costs little when one side lacks it) when it begins
 * with the name's first letter; "(MEXICO)" after "Banco Santander" stays a word. Answers the name without it and
 * the acronym, or null.
 */
function trailingAcronym(input: string, schema: EntitySchema): { name: string; acronym: string } | null {
  if (schema === 'Person') return null;
  const open = input.lastIndexOf('(');
  if (open < 0) return null;
  const m = ACRONYM_IN_PARENTHESES.exec(input.slice(open + 1));
  if (!m) return null;
  const name = input.slice(0, open).trimEnd();
  if (!TWO_WORDS.test(name)) return null;
  const acronym = (m[1] as string).replace('-', '').toLowerCase();
  if (acronym.length < 2) return null;
  const first = rawTokens(name, schema)[0]?.text;
  return first?.[0] === acronym[0] ? { name, acronym: transliterate(acronym).text } : null;
}

export function normalizeName(input: string, schema: EntitySchema = 'Unknown'): NormalizedName {
  const acronym = trailingAcronym(input, schema);
  const raw = rawTokens(acronym ? acronym.name : input, schema);
  tensWordAt = -1;
  const org = isOrgLike(schema) || (schema === 'Unknown' && looksLikeOrganization(raw));
  const person = schema === 'Person';
  const tokens: NameToken[] = [];
  let i = 0;
  while (i < raw.length) {
    const cur = raw[i] as RawToken;
    // Multi-word legal forms ("sociedad anonima", "limited liability company").
    if (!person) {
      let hit: { words: string[]; cls: string } | undefined;
      for (const p of LEGAL_FORM_PHRASES) {
        if (p.words.length > raw.length - i) continue;
        let ok = true;
        for (let k = 0; k < p.words.length; k++) {
          if (raw[i + k]?.text !== p.words[k]) {
            ok = false;
            break;
          }
        }
        if (ok && i > 0) {
          hit = p;
          break;
        }
        if (ok && !hit && i === 0 && p.words.length < raw.length) hit = p;
      }
      if (hit) {
        tokens.push(makeToken(hit.words.join(''), 'legal', false, hit.cls));
        i += hit.words.length;
        continue;
      }
    }
    i++;
    let t = cur.text;
    if (cur.han) {
      // cls keeps the character: homophones (石 / 市, both "shi") are different names.
      tokens.push(makeToken(t, 'syllable', false, cur.char ?? ''));
      continue;
    }
    const abbr = !person ? ABBREVIATIONS.get(t) : undefined;
    if (abbr) t = abbr;
    const legal = LEGAL_FORM_WORDS.get(t);
    if (legal && raw.length > 1 && (org || (t.length >= 3 && !PARTICLES.has(t)))) {
      tokens.push(makeToken(t, 'legal', false, legal));
      continue;
    }
    if (!org && (TITLES.has(t) || misspeltTitle(t)) && raw.length > 1) continue;
    if (org && raw.length > 1 && (LEGAL_VOCABULARY.has(t) || misspeltLegalWord(t))) {
      tokens.push(makeToken(t, 'legal', false, ''));
      continue;
    }
    if (/^\d+$/.test(t)) {
      pushNumber(tokens, String(Number.parseInt(t, 10)), false);
      continue;
    }
    if (org) {
      const num = NUMBER_WORDS.get(t) ?? romanNumeral(t);
      if (num) {
        pushNumber(tokens, num, true);
        continue;
      }
      if (PARTICLES.has(t) && raw.length > 1) {
        tokens.push(makeToken(t, 'particle', false));
        continue;
      }
      if (ORG_STOPWORDS.has(t)) {
        tokens.push(makeToken(t, 'stop', false));
        continue;
      }
      if (ORG_GENERIC.has(t)) {
        tokens.push(makeToken(t, 'generic', cur.abjad));
        continue;
      }
      tokens.push(makeToken(t, 'word', cur.abjad));
      continue;
    }
    if (PARTICLES.has(t)) {
      tokens.push(makeToken(t, 'particle', false));
      continue;
    }
    if (t.length === 1 && /[a-z]/.test(t)) {
      tokens.push(makeToken(t, 'initial', false));
      continue;
    }
    tokens.push(makeToken(t, 'word', cur.abjad));
  }
  // A name made only of titles or particles keeps them as words.
  if (tokens.length === 0 && raw.length > 0) {
    for (const r of raw) tokens.push(makeToken(r.text, 'word', r.abjad));
  }
  if (acronym) tokens.push(makeToken(acronym.acronym, 'stop', false));
  return { original: input, schema, tokens };
}

/** Compact, comparable form of a name: its significant tokens joined by spaces. */
export function nameKey(input: string, schema: EntitySchema = 'Unknown'): string {
  return normalizeName(input, schema)
    .tokens.filter((t) => t.kind !== 'stop' && t.kind !== 'legal')
    .map((t) => t.text)
    .join(' ');
}

/** Normalises an identity document: strip dots, hyphens, slashes, spaces; uppercase. */
export function normalizeIdentifier(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^0-9A-Za-z*]/g, '')
    .toUpperCase();
}
