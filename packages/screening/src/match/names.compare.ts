import { IBERIAN_GIVEN_FORMS, ORG_WORD_GROUP_BASE, PARTICLE_VARIANTS, PATRONYMIC_CONNECTORS } from '../text/lexicon';
import type { NameToken } from '../text/normalize';
import { consonantSkeleton } from '../text/phonetic';
import { editDistance, jaroWinkler } from '../text/similarity';
import { rememberedPerWord } from '../text/word-memo';
import type { NamePartMatch, PartMatchKind } from '../types';

/** Score factor for each unit of conflicting weight (a part present on both sides that does not match). */
const CONFLICT_FACTOR = 0.5;
/** Numbers that differ ("Fund 1" / "Fund 2") are weaker evidence of two different entities. */
const NUMBER_CONFLICT_FACTOR = 0.85;
/** Score lost per unit of weight present on one side only (middle names, second family name). */
const EXTRA_COST = 0.1;
const EXTRA_FLOOR = 0.7;
const FUZZY_MULTI_EDIT_FACTOR = 0.85;
/** Below this a fuzzy similarity is two edits or more (one edit gives 0.75 or more on words of four letters). */
const RESPELT_SIM = 0.7;
const ORG_RESPELT_FACTOR = 0.85;
/** Factor when a single word of a person's name matches and the other name has more words. */
const SINGLE_WORD_FACTOR = 0.75;
const SINGLE_WORD_FACTOR_ORG = 0.85;
/**
 * Weight, as a part present on one side only, of a patronymic or kunya in the middle of a name ("bin Muhammad",
 * "abu Ali"): its name counts half a middle name and its connector nothing. Lists record the whole chain of
 * ancestors; people write given name and family name.
 */
const CHAIN_NAME_FACTOR = 0.5;
const CHAIN_CONNECTOR_FACTOR = 0;
/**
 * Similarity of a given name and its translation into another language ("Pedro" / "Peter", "Andrés" / "Andrey"):
 * with the same surname the name stays under the default threshold (0.7). People on the lists are recorded under
 * the forms of their own language; a customer with the Spanish form of the name is rarely the listed person.
 */
export const TRANSLATION_SIM = 0.35;

export interface TokenSim {
  sim: number;
  kind: PartMatchKind;
}

const NONE: TokenSim = { sim: 0, kind: 'conflict' };

/** Edits tolerated between two tokens, by the shorter length. */
export function allowedEdits(len: number): number {
  if (len <= 3) return 0;
  if (len <= 5) return 1;
  if (len <= 9) return 2;
  return 3;
}

/** Fuzzy similarity of two strings, 0 when they differ by more than the tolerated number of edits. */
export function fuzzySim(a: string, b: string): number {
  const max = allowedEdits(Math.min(a.length, b.length));
  if (max === 0) return 0;
  const d = editDistance(a, b, max);
  if (d > max) return 0;
  // Two or more edits are much weaker evidence than one.
  return (1 - d / Math.max(a.length, b.length)) * (d >= 2 ? FUZZY_MULTI_EDIT_FACTOR : 1);
}

const KIND_NAMES: PartMatchKind[] = ['conflict', 'exact', 'equivalent', 'phonetic', 'fuzzy', 'initial', 'merged'];
const K_NONE = 0;
const K_EXACT = 1;
const K_EQUIV = 2;
const K_PHON = 3;
const K_FUZZY = 4;
const K_INITIAL = 5;
const K_MERGED = 6;

/** Kind code of the last tokenSimValue call (avoids allocating a result object in the hot loop). */
let lastKind = K_NONE;

/**
 * Spanish and Portuguese masculine/feminine forms of a given name (Mario/Maria, Juan/Juana, Francisco/Francisca)
 * name different people: they are not typos of each other.
 */
function genderVariant(a: string, b: string): boolean {
  // Long words ending in -o/-a are rather transliterations of one surname (Lukashenko / Lukashenka).
  if (a.length < 3 || b.length < 3 || a.length > 9 || b.length > 9 || Math.abs(a.length - b.length) > 1) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (l.length === s.length + 1) return l.endsWith('a') && l.startsWith(s) && !s.endsWith('a');
  const ea = a[a.length - 1];
  const eb = b[b.length - 1];
  return a.slice(0, -1) === b.slice(0, -1) && ((ea === 'a' && eb === 'o') || (ea === 'o' && eb === 'a'));
}

/** Similarity of a word and its contraction written without vowels ("SHPG" / "Shipping", "Mfg" / "Manufacturing"). */
const CONTRACTION_SIM = 0.85;
const HAS_VOWEL = /[aeiouy]/;

/**
 * `short` is a contraction of `long`: three letters or more, no vowel, the same first letter, its letters in
 * order in the longer word, which has at least two letters more.
 */
function contraction(short: string, long: string): boolean {
  if (short.length < 3 || long.length < short.length + 2 || short[0] !== long[0] || HAS_VOWEL.test(short)) return false;
  if (!/^[a-z]+$/.test(short)) return false;
  let k = 1;
  for (let i = 1; i < short.length; i++) {
    k = long.indexOf(short[i] as string, k) + 1;
    if (k === 0) return false;
  }
  return true;
}

const LEAD_VOWELS = 'aeiou';

/**
 * Two words begin alike: the same letter, or both a vowel (Arabic script writes an initial alif or ain where Latin
 * spellings choose a, o or u: "Omar" / "Amr", "Oumar" / "Umar").
 */
function sameLead(a: string, b: string): boolean {
  const x = a[0] as string;
  const y = b[0] as string;
  return x === y || (LEAD_VOWELS.includes(x) && LEAD_VOWELS.includes(y)) || semiVowels(x, y) || semiVowels(y, x);
}

/** w and y begin a word where another spelling writes the vowel u / o or i / e ("Walid" / "Oualid", "Yusuf" / "Iusuf"). */
function semiVowels(x: string, y: string): boolean {
  return (x === 'w' && (y === 'u' || y === 'o')) || (x === 'y' && (y === 'i' || y === 'e'));
}

/** Similarity of two name parts; the kind of match is left in lastKind. */
function tokenSimValue(a: NameToken, b: NameToken): number {
  lastKind = K_NONE;
  if (a.kind === 'legal' || b.kind === 'legal') {
    if (a.kind === 'legal' && b.kind === 'legal') {
      lastKind = K_EQUIV;
      return a.cls === b.cls ? 1 : 0.7;
    }
    return 0;
  }
  if (a.kind === 'syllable' && b.kind === 'syllable' && a.cls !== b.cls) return 0;
  if (a.text === b.text) {
    lastKind = K_EXACT;
    return 1;
  }
  if (a.kind === 'particle' && b.kind === 'particle') {
    // al / el / ad- / ar-, bin / ibn / ben: spellings of one particle.
    const g = PARTICLE_VARIANTS.get(a.text);
    if (g === undefined || g !== PARTICLE_VARIANTS.get(b.text)) return 0;
    lastKind = K_EQUIV;
    return 0.9;
  }
  if (a.kind === 'number' || b.kind === 'number' || a.kind === 'syllable' || b.kind === 'syllable') return 0;
  if (a.kind === 'initial' || b.kind === 'initial') {
    if (a.kind === 'initial' && b.kind === 'initial') return 0;
    const ini = a.kind === 'initial' ? a : b;
    const word = a.kind === 'initial' ? b : a;
    if (word.kind !== 'stop' && word.text.startsWith(ini.text)) {
      lastKind = K_INITIAL;
      return 0.8;
    }
    return 0;
  }
  if (a.group !== 0 && a.group === b.group) {
    lastKind = K_EQUIV;
    // Two known forms of one name are not typos of each other: a Spanish or Portuguese form against another
    // language's that sounds different is a translation (weak), never a spelling variant ("Andrés" / "Andrey").
    if (a.phon !== b.phon && IBERIAN_GIVEN_FORMS.has(a.text) !== IBERIAN_GIVEN_FORMS.has(b.text))
      return TRANSLATION_SIM;
    return 0.9;
  }
  if (genderVariant(a.text, b.text)) return 0;
  // (Words from Arabic script are written without short vowels: their skeleton compares them, below.)
  if (!a.skel && !b.skel && (contraction(a.text, b.text) || contraction(b.text, a.text))) {
    lastKind = K_EQUIV;
    return CONTRACTION_SIM;
  }
  let best = 0;
  let kind = K_NONE;
  if (a.skel || b.skel) {
    const sa = a.skel || consonantSkeleton(a.text);
    const sb = b.skel || consonantSkeleton(b.text);
    if (sa === sb && (sa.length >= 3 || (sa.length === 2 && sameLead(a.text, b.text)))) {
      best = sa.length >= 3 ? 0.9 : 0.8;
      kind = K_PHON;
    } else if (
      sa === sb &&
      sa.length === 1 &&
      Math.max(a.text.length, b.text.length) <= 4 &&
      sameLead(a.text, b.text)
    ) {
      // a word of one consonant ("عدي" / "Uday", "طه" / "Taha")
      best = SHORT_SKELETON_SIM;
      kind = K_PHON;
    } else if (sa.length >= 4 && editDistance(sa, sb, 1) <= 1) {
      best = 0.75;
      kind = K_PHON;
    } else if (
      Math.max(a.text.length, b.text.length) <= 4 &&
      sameLead(a.text, b.text) &&
      sa.length <= 2 &&
      sb.length <= 2 &&
      sa.replace('h', '') === sb.replace('h', '') &&
      sa.replace('h', '').length === 1
    ) {
      // "طه" / "Taha": Arabic ta + ha is read "th", one consonant in the skeleton
      best = SHORT_SKELETON_SIM;
      kind = K_PHON;
    } else if (sa !== sb) {
      // Persian and Urdu read the tha "s" ("عثمان" / "Usman")
      const ta = a.skel ? persianSkeleton(a.text) : sa;
      const tb = b.skel ? persianSkeleton(b.text) : sb;
      if (ta === tb && ta.length >= 3) {
        best = PERSIAN_THA_SIM;
        kind = K_PHON;
      }
    }
  }
  const f = fuzzySim(a.text, b.text);
  if (f > best) {
    best = f;
    kind = K_FUZZY;
  }
  if (
    best < 0.85 &&
    a.phon.length >= 3 &&
    a.phon === b.phon &&
    Math.abs(a.text.length - b.text.length) <= 2 &&
    jaroWinkler(a.text, b.text) >= 0.8 &&
    editDistance(a.text, b.text, 2) <= 2
  ) {
    best = 0.85;
    kind = K_PHON;
  }
  if (best < ROMANISED_SIM && Math.min(a.text.length, b.text.length) <= 5 && shortRomanised(a.text, b.text)) {
    best = ROMANISED_SIM;
    kind = K_PHON;
  }
  if (best < SHORT_FORM_SIM && (shortForm(a.text, b.text) || shortForm(b.text, a.text))) {
    best = SHORT_FORM_SIM;
    kind = K_EQUIV;
  }
  if (best < EZAFE_SIM && (ezafe(a.text, b.text) || ezafe(b.text, a.text))) {
    best = EZAFE_SIM;
    kind = K_PHON;
  }
  if (best < 0.8 && (hasDouble(a.text) || hasDouble(b.text))) {
    // Transliterations double and undouble letters freely (Saddam / Sadam, Tayyab / Tayeb, Naeem / Naim).
    const ca = undoubled(a.text);
    const cb = undoubled(b.text);
    const c = ca === cb ? DOUBLED_SIM : fuzzySim(ca, cb) * DOUBLED_SIM;
    if (c > best) {
      best = c;
      kind = ca === cb ? K_PHON : K_FUZZY;
    }
  }
  lastKind = kind;
  return best;
}

/**
 * Skeleton of a word from Arabic script with the tha (transliterated "th") read "s", as Persian and Urdu read it and
 * write it in Latin letters ("عثمان" / "Usman", "ثناء الله" / "Sanaullah"); '' when the word has no "th".
 */
function persianSkeleton(text: string): string {
  return text.includes('th') ? consonantSkeleton(text.replace(/th/g, 's')) : '';
}
const PERSIAN_THA_SIM = 0.85;

const SHORT_TYPO_SIM = 0.6;
/** Two short words one typing error apart: a letter more or less, or two neighbours swapped (same first letter). */
function shortTypo(a: string, b: string): boolean {
  if (a === b || a[0] !== b[0] || Math.min(a.length, b.length) < 2) return false;
  if (a.length === b.length) {
    let d = -1;
    for (let k = 0; k < a.length; k++)
      if (a[k] !== b[k]) {
        d = k;
        break;
      }
    return d >= 0 && d + 1 < a.length && a[d] === b[d + 1] && a[d + 1] === b[d] && a.slice(d + 2) === b.slice(d + 2);
  }
  if (Math.abs(a.length - b.length) !== 1) return false;
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  for (let k = 0; k < l.length; k++) if (l.slice(0, k) + l.slice(k + 1) === s) return true;
  return false;
}

/**
 * Two short words read from Arabic or Hebrew script one typing error apart in that script: one letter more, less or
 * another (the first one too: "الدين" / "الUين" read din / uin, "الباری" / "الاری" read bari / ari).
 */
function abjadTypo(a: string, b: string): boolean {
  return a !== b && Math.min(a.length, b.length) >= 2 && editDistance(a, b, 1) <= 1;
}

/** Two short words one typing error apart, each as its script allows (shortTypo, abjadTypo); never across scripts. */
function oneTypoApart(a: NameToken, b: NameToken): boolean {
  if (a.skel && b.skel) return abjadTypo(a.text, b.text);
  return !a.skel && !b.skel && shortTypo(a.text, b.text);
}

/** Similarity of two words of one consonant, one of them from Arabic script ("عدي" / "Uday"). */
const SHORT_SKELETON_SIM = 0.75;

/**
 * Similarity of two short words that are one syllable romanised two ways: Korean and Chinese syllables are written
 * with voiced or voiceless initials (Gyu / Kyu, Je / Che, Jong / Chong, Guo / Kuo), Wade-Giles hs is pinyin x
 * (Hsi / Xi, Si / Xi), and q / k, y / i, ou / u, eo / o are spellings of one sound. Words of three letters are otherwise allowed no difference at all.
 */
const ROMANISED_SIM = 0.8;
const ROMANISED_FOLDS: [RegExp, string][] = [
  [/tch|ch|zh|dj/g, 'j'],
  [/hs|x/g, 's'],
  [/kh|gh|q|g|c/g, 'k'],
  [/ph/g, 'f'],
  [/d/g, 't'],
  [/b/g, 'p'],
  [/y/g, 'i'],
  [/ou|oo|eu/g, 'u'],
  [/ee/g, 'i'],
  [/eo/g, 'o'],
  [/(.)\1/g, '$1'],
];
/** The folded spelling of a word (ROMANISED_FOLDS), remembered for the words met lately. */
const romanisedKey = rememberedPerWord((t) => {
  let k = t;
  for (const [re, rep] of ROMANISED_FOLDS) k = k.replace(re, rep);
  return k;
});

function shortRomanised(a: string, b: string): boolean {
  // the folds shorten a word by two letters at most ("tch" / "j")
  if (Math.abs(a.length - b.length) > 2 || a.length > 8 || b.length > 8) return false;
  const ka = romanisedKey(a);
  return ka.length >= 2 && ka === romanisedKey(b);
}

/**
 * A name with "-ullah" or "-uddin" ("Najibullah", "Ghiasuddin", "Obaidullah") is also written without it: the
 * person named "Najibullah" is called "Najib"; and "Abdurrahman" is called "Rahman". Weaker than a spelling of the
 * whole name.
 */
const SHORT_FORM_SIM = 0.75;
const THEOPHORIC = /^(?:ullah|ulla|allah|ollah|ullo|uddin|uddine|udin|eddine|eddin|addin|oddin|ouddine|ud din)$/;
/** "Abd" and the article run together before a name of God ("Abdurrahman", "Abdelaziz", "Abdussalam"). */
const ABD_PREFIX = /^abd(?:[aeiou]?[lrsndtz]|[aeiou]?sh)?$/;
function shortForm(long: string, short: string): boolean {
  if (short.length >= 4 && long.length >= short.length + 3 && long.endsWith(short))
    return ABD_PREFIX.test(long.slice(0, long.length - short.length));
  if (short.length < 3 || long.length < short.length + 4 || !long.startsWith(short)) return false;
  const rest = long.slice(short.length);
  // the junction letter written twice ("Ghias" / "Ghiassouddine")
  return THEOPHORIC.test(rest) || (rest[0] === short[short.length - 1] && THEOPHORIC.test(rest.slice(1)));
}

/**
 * Persian and Urdu join a word to the next with the ezafe, written "-ye" after a vowel and often run together with
 * the word ("Kalaye Electric" / "Kala Electric", "Daneshgahe" is not one): `long` is `short` and "ye" or "yi", and
 * `short`, of three letters or more, ends in a vowel.
 */
const EZAFE_SIM = 0.85;
function ezafe(long: string, short: string): boolean {
  return (
    long.length === short.length + 2 &&
    short.length >= 3 &&
    'aeiou'.includes(short[short.length - 1] as string) &&
    long.startsWith(short) &&
    (long.endsWith('ye') || long.endsWith('yi'))
  );
}

/** Similarity of two words that are one with their doubled letters written once ("Sayyed" / "Sayed"). */
const DOUBLED_SIM = 0.9;

function hasDouble(t: string): boolean {
  for (let i = 1; i < t.length; i++) if (t.charCodeAt(i) === t.charCodeAt(i - 1)) return true;
  return false;
}

/** The word with each run of one letter written once (remembered for the words met lately). */
const undoubled = rememberedPerWord(undoubledOf);

function undoubledOf(t: string): string {
  let out = '';
  for (let i = 0; i < t.length; i++) if (i === 0 || t.charCodeAt(i) !== t.charCodeAt(i - 1)) out += t[i];
  return out;
}

/** Similarity of two name parts and how they matched. */
export function tokenSim(a: NameToken, b: NameToken): TokenSim {
  const sim = tokenSimValue(a, b);
  return sim > 0 ? { sim, kind: KIND_NAMES[lastKind] as PartMatchKind } : NONE;
}

const MERGEABLE = new Set(['word', 'particle', 'initial', 'generic', 'stop', 'syllable']);

/** Marks a joined text whose parts came from Arabic or Hebrew script (compared by their consonant skeleton). */
const ABJAD_MARK = '\u0001';

function concat(tokens: NameToken[], from: number, to: number): string | null {
  let s = '';
  let abjad = false;
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (!t || !MERGEABLE.has(t.kind)) return null;
    s += t.text;
    if (t.skel) abjad = true;
  }
  return abjad ? ABJAD_MARK + s : s;
}

/** Similarity of parts written together in Arabic script and one word in Latin letters with the same skeleton. */
const MERGED_SKELETON_SIM = 0.85;

function mergedSim(joined0: string, single: NameToken): number {
  if (!MERGEABLE.has(single.kind)) return 0;
  const abjad = joined0.charCodeAt(0) === 1;
  const joined = abjad ? joined0.slice(1) : joined0;
  if (joined === single.text) return 1;
  const f = fuzzySim(joined, single.text) * 0.95;
  // "عتیق الله" / "Attiqullah", "عبد الرحمن" / "Abdurrahman": Arabic script writes no short vowels, and the name
  // and its article or "allah" are written apart; their skeleton is the Latin word's.
  if ((abjad || single.skel) && f < MERGED_SKELETON_SIM) {
    const sj = consonantSkeleton(joined);
    const ss = single.skel || consonantSkeleton(single.text);
    if (sj.length >= 3 && sj === ss) return MERGED_SKELETON_SIM;
    // "ثناء الله" / "Sanaullah": the tha read "s"
    const pj = abjad ? persianSkeleton(joined) : sj;
    const ps = single.skel ? persianSkeleton(single.text) : ss;
    if (pj.length >= 3 && pj === ps) return PERSIAN_THA_SIM;
  }
  return f;
}

/** Similarity of two parts and two parts that are the same letters split at another place. */
const SHIFTED_SPLIT_SIM = 0.95;

/**
 * Similarity of the parts a0 a1 and b0 b1 when they are the same letters split at another place: romanised
 * syllables are split where one writer hears the boundary ("Kwang-il" / "Kwan-gil", "Yong-sik" / "Yon-gsik"). The
 * same letters give SHIFTED_SPLIT_SIM; syllables of six letters or fewer that are one romanised two ways
 * ("Cha-hyong" / "Ja-hyong") give ROMANISED_SIM. Parts split at the same place are compared one by one, not here.
 */
/** A word, or a short word read as a particle ("an" of "Cholm-an"). */
const SPLITTABLE = (t: NameToken) => t.kind === 'word' || t.kind === 'particle';

function shiftedSplitSim(a0: NameToken, a1: NameToken, b0: NameToken, b1: NameToken): number {
  if (!SPLITTABLE(a0) || !SPLITTABLE(a1) || !SPLITTABLE(b0) || !SPLITTABLE(b1)) return 0;
  if (a0.skel || a1.skel || b0.skel || b1.skel) return 0;
  const x = a0.text;
  const y = b0.text;
  const la = x.length + a1.text.length;
  const lb = y.length + b1.text.length;
  if (la < 4 || Math.abs(la - lb) > 2) return 0;
  if (x[0] === y[0] && la === lb && x.length !== y.length) {
    // the same letters, without building the joined strings
    const [s, l, rest] = x.length < y.length ? [x, y, a1.text] : [y, x, b1.text];
    const other = x.length < y.length ? b1.text : a1.text;
    if (l.startsWith(s) && rest.startsWith(l.slice(s.length)) && rest.slice(l.length - s.length) === other)
      return SHIFTED_SPLIT_SIM;
  }
  if (Math.max(x.length, a1.text.length, y.length, b1.text.length) > 6) return 0;
  // the same syllables romanised two ways, split at another place
  const kx = romanisedKey(x);
  const ky = romanisedKey(y);
  if (kx === ky || kx[0] !== ky[0]) return 0;
  return romanisedKey(x + a1.text) === romanisedKey(y + b1.text) ? ROMANISED_SIM : 0;
}

export interface NameComparison {
  score: number;
  parts: NamePartMatch[];
}

// Reusable buffers for the alignment candidates (names longer than this are truncated for scoring).
const MAX_TOKENS = 64;
const MAX_CANDS = 16384;
const cA0 = new Int16Array(MAX_CANDS);
const cA1 = new Int16Array(MAX_CANDS);
const cB0 = new Int16Array(MAX_CANDS);
const cB1 = new Int16Array(MAX_CANDS);
const cSim = new Float64Array(MAX_CANDS);
const cKind = new Uint8Array(MAX_CANDS);
/** Candidate alignments in the order they are taken (see sortCandidates), the first nCands. */
let cOrder = new Int32Array(256);
const usedA = new Uint8Array(MAX_TOKENS);
const usedB = new Uint8Array(MAX_TOKENS);
/** Index of the first part on the other side each part is aligned with, -1 when none. */
const matchA = new Int16Array(MAX_TOKENS);
const matchB = new Int16Array(MAX_TOKENS);
/** Kind code (K_*) of the alignment of each part of the first name. */
const kindA = new Uint8Array(MAX_TOKENS);
/** Similarity of the alignment of each part of the first name. */
const simA = new Float64Array(MAX_TOKENS);
const deferred: number[] = [];
let nCands = 0;
/** Matched weight by kind code (K_*) in the last compareTokens call. */
const kindW = new Float64Array(7);

/** Number of alignment features left by compareTokens (see lastFeatures). */
export const ALIGNMENT_FEATURES = 19;
/** Names of the alignment features, in order (the model's weights file lists them too). */
export const ALIGNMENT_FEATURE_NAMES = [
  'rule_score',
  'matched_similarity',
  'matched_share',
  'conflict_weight',
  'extra_weight',
  'number_conflict',
  'number_extra',
  'swapped_roles',
  'exact_share',
  'spelling_share',
  'equivalent_share',
  'initial_share',
  'no_significant_part',
  'legal_form_same',
  'legal_form_differs',
  'legal_form_one_side',
  'org_like',
  'single_word_name',
  'matched_words',
] as const;
const features = new Float64Array(ALIGNMENT_FEATURES);

/**
 * Features of the last compareTokens call (a view on a shared buffer: read or copy it before the next call). They
 * describe the alignment: how much of both names matched and how, what conflicts, what is on one side only.
 */
export function lastFeatures(): Float64Array {
  return features;
}

/**
 * Alignment left by the last compareTokens call: for each part of the second name, the index of the first part of
 * the first name it is aligned with, -1 when none. A view on a shared buffer: read it before the next call.
 */
export function lastAlignmentB(length: number): Int16Array {
  return matchB.subarray(0, Math.min(length, MAX_TOKENS));
}

/** True when part i of the first name was aligned, in the last compareTokens call, as a spelling variant (fuzzy). */
export function lastAlignedFuzzy(i: number): boolean {
  return i < MAX_TOKENS && matchA[i] !== -1 && kindA[i] === K_FUZZY;
}

/** Similarity with which part i of the first name was aligned in the last compareTokens call (0 when not aligned). */
export function lastAlignedSim(i: number): number {
  return i < MAX_TOKENS && matchA[i] !== -1 ? (simA[i] as number) : 0;
}

/** Same as lastAlignmentB, for the parts of the first name. */
export function lastAlignmentA(length: number): Int16Array {
  return matchA.subarray(0, Math.min(length, MAX_TOKENS));
}

function pushCand(a0: number, a1: number, b0: number, b1: number, sim: number, kind: number): void {
  if (nCands >= MAX_CANDS) return;
  cA0[nCands] = a0;
  cA1[nCands] = a1;
  cB0[nCands] = b0;
  cB1[nCands] = b1;
  cSim[nCands] = sim;
  cKind[nCands] = kind;
  nCands++;
}

function candOrder(x: number, y: number): number {
  return (
    (cSim[y] as number) - (cSim[x] as number) ||
    (cA1[y] as number) -
      (cA0[y] as number) +
      (cB1[y] as number) -
      (cB0[y] as number) -
      ((cA1[x] as number) - (cA0[x] as number) + (cB1[x] as number) - (cB0[x] as number)) ||
    Math.abs((cA0[x] as number) - (cB0[x] as number)) - Math.abs((cA0[y] as number) - (cB0[y] as number)) ||
    x - y
  );
}

/**
 * Puts the candidate alignments in candOrder's order (a total order, so any sort gives the same): by insertion, in
 * place, for the few a comparison of two names has (Array.prototype.sort copies its array at every call).
 */
function sortCandidates(): void {
  if (cOrder.length < nCands) cOrder = new Int32Array(Math.max(nCands, 2 * cOrder.length));
  for (let k = 0; k < nCands; k++) cOrder[k] = k;
  if (nCands > 64) {
    cOrder.subarray(0, nCands).sort(candOrder);
    return;
  }
  for (let k = 1; k < nCands; k++) {
    const c = cOrder[k] as number;
    let j = k - 1;
    while (j >= 0 && candOrder(cOrder[j] as number, c) > 0) {
      cOrder[j + 1] = cOrder[j] as number;
      j--;
    }
    cOrder[j + 1] = c;
  }
}

function sumWeight(tokens: NameToken[], from: number, to: number): number {
  let w = 0;
  for (let k = from; k < to; k++) w += (tokens[k] as NameToken).weight;
  return w;
}

function textOf(tokens: NameToken[], from: number, to: number): string {
  const out: string[] = [];
  for (let k = from; k < to; k++) out.push((tokens[k] as NameToken).text);
  return out.join(' ');
}

/**
 * Similarities of the parts of one name (a query) with parts of other names, remembered while that name is compared
 * with many others: list names share their words, and parts are interned objects. Build one per query name.
 */
export class PartSimCache {
  private readonly maps: Map<NameToken, CachedSim>[];
  constructor(readonly owner: NameToken[]) {
    this.maps = owner.map(() => new Map<NameToken, CachedSim>());
    this.joinedOther = owner.map(() => new Map<string, number>());
  }
  private readonly joinedOther: Map<string, number>[];
  private readonly joinedOwn = new Map<number, Map<NameToken, number>>();
  /** Similarity of owner part i with other parts written together (joined). */
  joinedWithOwn(i: number, joined: string): number {
    const m = this.joinedOther[i] as Map<string, number>;
    let v = m.get(joined);
    if (v === undefined) {
      v = mergedSim(joined, this.owner[i] as NameToken);
      m.set(joined, v);
    }
    return v;
  }
  /** Similarity of owner parts from..from+len written together (joined) with another part x. */
  ownJoinedWith(from: number, len: number, joined: string, x: NameToken): number {
    const key = from * 4 + len;
    let m = this.joinedOwn.get(key);
    if (!m) {
      m = new Map<NameToken, number>();
      this.joinedOwn.set(key, m);
    }
    let v = m.get(x);
    if (v === undefined) {
      v = mergedSim(joined, x);
      m.set(x, v);
    }
    return v;
  }
  /** Similarity of owner part i with b; the kind code is left in lastKind. */
  sim(i: number, b: NameToken): number {
    const m = this.maps[i] as Map<NameToken, CachedSim>;
    const v = m.get(b);
    if (v !== undefined) {
      lastKind = v.code;
      return v.sim;
    }
    const sim = tokenSimValue(this.owner[i] as NameToken, b);
    m.set(b, { sim, code: lastKind });
    return sim;
  }
}

interface CachedSim {
  sim: number;
  code: number;
}

/**
 * Aligns the parts of two normalised names (one to one, or one to two or three adjacent parts written
 * together) and scores the alignment: matched parts by their similarity, parts missing on both sides as a
 * conflict, parts present on one side only as a small cost. With explain false, parts are not built.
 */
/** The parts of a comparison made without explanation (never written). */
const NO_PARTS: NamePartMatch[] = Object.freeze([]) as unknown as NamePartMatch[];
const NO_POSITIONED_PARTS = NO_PARTS as (NamePartMatch & { pos: number })[];

/**
 * `withFeatures` false leaves the model's features of the last comparison (lastFeatures) unwritten: for the
 * index's first pass over its candidates, which reads the score alone.
 */
export function compareTokens(
  A0: NameToken[],
  B0: NameToken[],
  explain = true,
  cache?: PartSimCache,
  withFeatures = true,
): NameComparison {
  const A = A0.length > MAX_TOKENS ? A0.slice(0, MAX_TOKENS) : A0;
  const B = B0.length > MAX_TOKENS ? B0.slice(0, MAX_TOKENS) : B0;
  const cached = cache !== undefined && cache.owner === A0;
  nCands = 0;
  for (let i = 0; i < A.length; i++) {
    const a = A[i] as NameToken;
    for (let j = 0; j < B.length; j++) {
      const s = cached ? cache.sim(i, B[j] as NameToken) : tokenSimValue(a, B[j] as NameToken);
      if (s > 0) pushCand(i, i + 1, j, j + 1, s, lastKind);
    }
  }
  // Parts written together on one side and apart on the other ("vanderbilt" / "van der bilt").
  for (let side = 0; side < 2; side++) {
    const X = side === 0 ? A : B;
    const Y = side === 0 ? B : A;
    let minX = Number.POSITIVE_INFINITY;
    let maxX = 0;
    for (let i = 0; i < X.length; i++) {
      const l = (X[i] as NameToken).text.length;
      if (l < minX) minX = l;
      if (l > maxX) maxX = l;
    }
    for (let j = 0; j < Y.length; j++) {
      let joinedLength = (Y[j] as NameToken).text.length;
      for (let len = 2; len <= 3 && j + len <= Y.length; len++) {
        joinedLength += (Y[j + len - 1] as NameToken).text.length;
        // no part on the other side close enough in length to be these parts written together
        if (joinedLength < 4 || minX > joinedLength + 3 || maxX < joinedLength - 3) continue;
        const joined = concat(Y, j, j + len);
        if (!joined) continue;
        const jl = joined.charCodeAt(0) === 1 ? joined.length - 1 : joined.length;
        for (let i = 0; i < X.length; i++) {
          const x = X[i] as NameToken;
          const xl = x.text.length;
          if (xl !== jl && Math.abs(xl - jl) > allowedEdits(Math.min(xl, jl))) continue;
          const sim = !cached
            ? mergedSim(joined, x)
            : side === 0
              ? cache.joinedWithOwn(i, joined)
              : cache.ownJoinedWith(j, len, joined, x);
          if (sim <= 0) continue;
          if (side === 1) pushCand(j, j + len, i, i + 1, sim, K_MERGED);
          else pushCand(i, i + 1, j, j + len, sim, K_MERGED);
        }
      }
    }
  }
  // Two parts on each side split at another place ("Kwang-il" / "Kwan-gil", "Chol-man" / "Cholm-an").
  for (let i = 0; i + 1 < A.length; i++) {
    for (let j = 0; j + 1 < B.length; j++) {
      const sim = shiftedSplitSim(A[i] as NameToken, A[i + 1] as NameToken, B[j] as NameToken, B[j + 1] as NameToken);
      if (sim > 0) pushCand(i, i + 2, j, j + 2, sim, K_MERGED);
    }
  }
  sortCandidates();
  usedA.fill(0, 0, A.length);
  usedB.fill(0, 0, B.length);
  matchA.fill(-1, 0, A.length);
  matchB.fill(-1, 0, B.length);
  deferred.length = 0;
  const parts: (NamePartMatch & { pos: number })[] = explain ? [] : NO_POSITIONED_PARTS;
  let S = 0;
  let M = 0;
  let distinctive = false;
  let significant = false;
  let initialMatched = false;
  let matchedWords = 0;
  let matchedNameWords = 0;
  let respelt = 0;
  kindW.fill(0);
  // Particles paired with particles are aligned last, each with the one whose next part is aligned with its own
  // next part ("bin Laden" with "bin Ladin", not with the "bin" of "bin Muhammad").
  for (let o = 0, pass = 0; pass < 2; o++) {
    if (pass === 0 && o === nCands) {
      pass = 1;
      o = -1;
      continue;
    }
    if (pass === 1 && o >= 2 * deferred.length) break;
    let c: number;
    if (pass === 0) {
      c = cOrder[o] as number;
      if (
        cA1[c] === (cA0[c] as number) + 1 &&
        cB1[c] === (cB0[c] as number) + 1 &&
        (A[cA0[c] as number] as NameToken).kind === 'particle' &&
        (B[cB0[c] as number] as NameToken).kind === 'particle'
      ) {
        deferred.push(c);
        continue;
      }
    } else {
      // First the particles whose next parts are aligned together, then the others, in candidate order.
      c = deferred[o % deferred.length] as number;
      const i = cA0[c] as number;
      const j = cB0[c] as number;
      const nextPaired = i + 1 < A.length && j + 1 < B.length && (matchA[i + 1] === j + 1 || matchB[j + 1] === i + 1);
      if (o < deferred.length ? !nextPaired : nextPaired) continue;
    }
    const a0 = cA0[c] as number;
    const a1 = cA1[c] as number;
    const b0 = cB0[c] as number;
    const b1 = cB1[c] as number;
    let free = true;
    for (let k = a0; k < a1 && free; k++) if (usedA[k]) free = false;
    for (let k = b0; k < b1 && free; k++) if (usedB[k]) free = false;
    if (!free) continue;
    for (let k = a0; k < a1; k++) {
      usedA[k] = 1;
      matchA[k] = b0;
      kindA[k] = cKind[c] as number;
      simA[k] = cSim[c] as number;
    }
    for (let k = b0; k < b1; k++) {
      usedB[k] = 1;
      matchB[k] = a0;
    }
    const w = (sumWeight(A, a0, a1) + sumWeight(B, b0, b1)) / 2;
    const sim = cSim[c] as number;
    S += w * sim;
    M += w;
    kindW[cKind[c] as number] = (kindW[cKind[c] as number] as number) + w;
    if (w >= 0.4) {
      significant = true;
      matchedWords++;
      if ((A[a0] as NameToken).kind === 'word' && (B[b0] as NameToken).kind === 'word') matchedNameWords++;
    }
    if (!distinctive) {
      for (let k = a0; k < a1; k++) {
        const kind = (A[k] as NameToken).kind;
        if (kind === 'word' || kind === 'number' || kind === 'syllable') distinctive = true;
      }
    }
    if (cKind[c] === K_INITIAL) initialMatched = true;
    if (cKind[c] === K_FUZZY && sim < RESPELT_SIM && a1 === a0 + 1 && (A[a0] as NameToken).kind === 'word') respelt++;
    if (explain) {
      parts.push({
        query: textOf(A, a0, a1),
        candidate: textOf(B, b0, b1),
        kind: KIND_NAMES[cKind[c] as number] as PartMatchKind,
        similarity: round(sim),
        weight: round(w),
        pos: a0,
      });
    }
  }
  // A short word with one typing error (a letter more or less, two letters swapped: "Cae" / "Chae", "Aub" / "Abu")
  // in a name whose other words match (an organisation's type word counts: "Po-Gain Group" / "Pro-Gain Group"):
  // weak evidence rather than a conflict. Words of three letters are otherwise allowed no difference.
  if (matchedNameWords >= 1 && matchedWords >= 2) {
    for (let i = 0; i < A.length; i++) {
      const a = A[i] as NameToken;
      if (usedA[i] || a.kind !== 'word' || a.text.length > 4) continue;
      for (let j = 0; j < B.length; j++) {
        const b = B[j] as NameToken;
        if (usedB[j] || b.kind !== 'word' || b.text.length > 4 || !oneTypoApart(a, b)) continue;
        usedA[i] = 1;
        usedB[j] = 1;
        matchA[i] = j;
        matchB[j] = i;
        kindA[i] = K_FUZZY;
        simA[i] = SHORT_TYPO_SIM;
        const w = (a.weight + b.weight) / 2;
        S += w * SHORT_TYPO_SIM;
        M += w;
        kindW[K_FUZZY] = (kindW[K_FUZZY] as number) + w;
        if (explain)
          parts.push({
            query: a.text,
            candidate: b.text,
            kind: 'fuzzy',
            similarity: SHORT_TYPO_SIM,
            weight: round(w),
            pos: i,
          });
        break;
      }
    }
  }
  let ua = 0;
  let ub = 0;
  let numA = 0;
  let numB = 0;
  let unmatchedWords = false;
  let orgLike = false;
  for (const t of A) if (t.kind === 'legal' || t.kind === 'generic' || t.kind === 'stop') orgLike = true;
  for (const t of B) if (t.kind === 'legal' || t.kind === 'generic' || t.kind === 'stop') orgLike = true;
  let freeA = 0;
  let freeB = 0;
  // Unmatched weight with patronymic chains in the middle of a name counted as optional (for parts on one side).
  let oa = 0;
  let ob = 0;
  // Stop words left over ("the", "and", an acronym) are never a conflict: at most something one side has more.
  let stopA = 0;
  let stopB = 0;
  let genA = 0;
  let genB = 0;
  for (let i = 0; i < A.length; i++) {
    if (usedA[i]) continue;
    freeA++;
    const t = A[i] as NameToken;
    if (t.kind === 'number') numA++;
    else {
      if (t.kind === 'stop') stopA += t.weight;
      else if (t.kind === 'generic' && t.group >= ORG_WORD_GROUP_BASE) genA += t.weight;
      ua += t.weight;
      oa += t.weight * chainFactor(A, i, usedA);
    }
    if (t.kind === 'word') unmatchedWords = true;
  }
  for (let j = 0; j < B.length; j++) {
    if (usedB[j]) continue;
    freeB++;
    const t = B[j] as NameToken;
    if (t.kind === 'number') numB++;
    else {
      if (t.kind === 'stop') stopB += t.weight;
      else if (t.kind === 'generic' && t.group >= ORG_WORD_GROUP_BASE) genB += t.weight;
      ub += t.weight;
      ob += t.weight * chainFactor(B, j, usedB);
    }
    if (t.kind === 'word') unmatchedWords = true;
  }
  // Parts left over on both sides conflict at their full weight (two different fathers' names are evidence of
  // two people); what one side has more is counted with its patronymics as optional.
  // An organisation named by two words or more of its own: the words of what it is left over on both sides
  // ("Jamaat" / "Katiba", "Group" / "Brigade", ORG_WORD_GROUPS) say what it is, not who: lists record one
  // organisation as a group, a front and a brigade. They are something one side has more, not a conflict. (Not the
  // words of a business, "Bank" / "Trading": a bank and a trading company of one name are two companies.)
  if (matchedNameWords >= 2) {
    stopA += genA;
    stopB += genB;
  }
  const conflict = Math.min(ua - stopA, ub - stopB);
  const extra = oa === ua && ob === ub ? Math.max(ua, ub) - conflict : Math.abs(oa - ob);
  const numConflict = Math.min(numA, numB);
  const numExtra = Math.max(numA, numB) - numConflict;
  const swapped = swappedRoles(A, B);
  let score = 0;
  if (M > 0) {
    const base = S / M;
    const extraFactor = Math.max(EXTRA_FLOOR, 1 - EXTRA_COST * (extra + numExtra * 0.8));
    score = base * CONFLICT_FACTOR ** (conflict + swapped) * NUMBER_CONFLICT_FACTOR ** numConflict * extraFactor;
    // A match carried only by particles, stop words or legal forms says nothing.
    if (!significant) score = Math.min(score, 0.3);
    // Initials alone ("N. N." / "Nursultan Nazarbayev") name nobody in particular.
    else if (!distinctive && initialMatched) score = Math.min(score, 0.5);
    // Only descriptive words ("Management Company") matched while a distinctive word is left over.
    else if (!distinctive && unmatchedWords) score *= 0.6;
    // One word alone ("Manuel" within "Manuel Alarcon Lima") is weak evidence; less so for a company's brand.
    else if (matchedWords === 1 && extra >= 0.5)
      score *= (orgLike ? SINGLE_WORD_FACTOR_ORG : SINGLE_WORD_FACTOR) ** Math.min(extra, 2);
    // An organisation's name is registered, not transcribed: a word spelt with two differences or more ("Aromos" /
    // "Alamos", "Kessler" / "Kessel") is rather another name.
    if (orgLike && respelt > 0) score *= ORG_RESPELT_FACTOR ** Math.min(respelt, 2);
  }
  score = Math.max(0, Math.min(1, score));
  if (withFeatures)
    fillFeatures(
      A,
      B,
      score,
      S,
      M,
      ua,
      ub,
      conflict,
      extra,
      numConflict,
      numExtra,
      swapped,
      significant,
      orgLike,
      matchedWords,
    );
  if (!explain) return { score, parts: NO_PARTS };
  const bothSides = freeA > 0 && freeB > 0;
  for (let i = 0; i < A.length; i++) {
    if (usedA[i]) continue;
    const t = A[i] as NameToken;
    parts.push({
      query: t.text,
      candidate: '',
      kind: bothSides ? 'conflict' : 'extra',
      similarity: 0,
      weight: t.weight,
      pos: i,
    });
  }
  for (let j = 0; j < B.length; j++) {
    if (usedB[j]) continue;
    const t = B[j] as NameToken;
    parts.push({
      query: '',
      candidate: t.text,
      kind: bothSides ? 'conflict' : 'missing',
      similarity: 0,
      weight: t.weight,
      pos: 1000 + j,
    });
  }
  parts.sort((x, y) => x.pos - y.pos);
  return { score, parts: parts.map(({ pos: _pos, ...p }) => p) };
}

function legalClasses(T: NameToken[]): Set<string> | null {
  let out: Set<string> | null = null;
  for (const t of T) {
    if (t.kind !== 'legal') continue;
    out ??= new Set<string>();
    out.add(t.cls);
  }
  return out;
}

function distinctiveCount(T: NameToken[]): number {
  let n = 0;
  for (const t of T) if (t.kind === 'word' || t.kind === 'syllable' || t.kind === 'generic') n++;
  return n;
}

/** Share of the matched weight M aligned by matches of one kind. */
function shareOf(k: number, M: number): number {
  return M > 0 ? (kindW[k] as number) / M : 0;
}

function fillFeatures(
  A: NameToken[],
  B: NameToken[],
  score: number,
  S: number,
  M: number,
  ua: number,
  ub: number,
  conflict: number,
  extra: number,
  numConflict: number,
  numExtra: number,
  swapped: number,
  significant: boolean,
  orgLike: boolean,
  matchedWords: number,
): void {
  const la = legalClasses(A);
  const lb = legalClasses(B);
  let same = 0;
  let differs = 0;
  if (la && lb) {
    for (const c of la) if (lb.has(c)) same = 1;
    differs = same ? 0 : 1;
  }
  features[0] = score;
  features[1] = M > 0 ? S / M : 0;
  features[2] = M > 0 ? M / (M + (ua + ub) / 2) : 0;
  features[3] = Math.min(3, conflict);
  features[4] = Math.min(3, extra);
  features[5] = Math.min(2, numConflict);
  features[6] = Math.min(2, numExtra);
  features[7] = Math.min(2, swapped);
  features[8] = shareOf(K_EXACT, M);
  features[9] = shareOf(K_FUZZY, M) + shareOf(K_PHON, M);
  features[10] = shareOf(K_EQUIV, M) + shareOf(K_MERGED, M);
  features[11] = shareOf(K_INITIAL, M);
  features[12] = significant ? 0 : 1;
  features[13] = same;
  features[14] = differs;
  features[15] = (la ? 1 : 0) + (lb ? 1 : 0) === 1 ? 1 : 0;
  features[16] = orgLike ? 1 : 0;
  features[17] = Math.min(distinctiveCount(A), distinctiveCount(B)) <= 1 ? 1 : 0;
  features[18] = Math.min(4, matchedWords) / 4;
}

/**
 * Factor on the weight of an unmatched part that belongs to a patronymic or kunya chain in the middle of a name
 * ("bin Muhammad" in "Usama bin Muhammad bin Awad bin Ladin"); 1 for every other part. The chain at the end of
 * the name is the family name and counts in full.
 */
function chainFactor(T: NameToken[], i: number, used: Uint8Array): number {
  const t = T[i] as NameToken;
  let name: number;
  if (PATRONYMIC_CONNECTORS.has(t.text)) name = i + 1;
  else if (t.kind === 'word' && i > 0 && PATRONYMIC_CONNECTORS.has((T[i - 1] as NameToken).text)) name = i;
  else return 1;
  const n = T[name];
  // The connector of a name that matched stays (the query's "Ali" is the candidate's "bin Ali").
  if (n?.kind !== 'word' || PATRONYMIC_CONNECTORS.has(n.text) || used[name]) return 1;
  // A name word after the chain (the family name, perhaps after an article: "bin Ali al-Husayni").
  let later = false;
  for (let k = name + 1; k < T.length && !later; k++) if ((T[k] as NameToken).kind === 'word') later = true;
  if (!later) return 1;
  return name === i ? CHAIN_NAME_FACTOR : CHAIN_CONNECTOR_FACTOR;
}

const SON_OR_DAUGHTER = new Set('bin ben ibn bint binti binte ould walad'.split(' '));
const ROLE_OTHER = 0;
const ROLE_GIVEN = 1;
const ROLE_PARENT = 2;

/** Role of a name word in a name written with patronymics: the given name (first word), a parent's name, other. */
function role(T: NameToken[], i: number): number {
  if (i > 0 && SON_OR_DAUGHTER.has((T[i - 1] as NameToken).text)) return ROLE_PARENT;
  for (let k = 0; k < i; k++) if ((T[k] as NameToken).kind === 'word') return ROLE_OTHER;
  return ROLE_GIVEN;
}

function hasPatronymic(T: NameToken[]): boolean {
  for (let k = 0; k + 1 < T.length; k++) if (SON_OR_DAUGHTER.has((T[k] as NameToken).text)) return true;
  return false;
}

/**
 * Weight of the words that are the given name on one side and a parent's name on the other, when both names are
 * written with patronymics: "Salman bin Muhammad" (Salman, son of Muhammad) is not "Muhammad bin Salman".
 * Uses the alignment left in matchA by compareTokens.
 */
function swappedRoles(A: NameToken[], B: NameToken[]): number {
  if (!hasPatronymic(A) || !hasPatronymic(B)) return 0;
  let w = 0;
  for (let i = 0; i < A.length; i++) {
    const j = matchA[i] as number;
    const a = A[i] as NameToken;
    if (j < 0 || a.kind !== 'word' || (B[j] as NameToken).kind !== 'word') continue;
    const ra = role(A, i);
    const rb = role(B, j);
    if (ra !== rb && ra !== ROLE_OTHER && rb !== ROLE_OTHER) w += (a.weight + (B[j] as NameToken).weight) / 2;
  }
  return w;
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
