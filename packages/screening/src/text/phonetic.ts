import { rememberedPerWord } from './word-memo';

// A phonetic key tuned for romanised names (Arabic, Russian, Spanish, Portuguese spellings): consonant
// classes, vowels dropped after the first letter, doubled letters collapsed.

const DIGRAPHS: [RegExp, string][] = [
  [/tch|sch|sh|ch|zh|ch/g, 'X'],
  [/kh|gh|ck|q/g, 'k'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/dj|dzh|dz/g, 'j'],
  [/ts|tz/g, 's'],
  [/c(?=[eiy])/g, 's'],
  [/c/g, 'k'],
  [/x/g, 'ks'],
  [/z/g, 's'],
  [/w|v/g, 'f'],
  [/y/g, 'i'],
  [/lh/g, 'li'],
  [/nh/g, 'ni'],
];

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** Phonetic key of a latin token ('' when the token is not plain latin). */
export function phoneticKey(token: string): string {
  if (!/^[a-z]+$/.test(token)) return '';
  let s = token;
  for (const [re, rep] of DIGRAPHS) s = s.replace(re, rep);
  let out = '';
  let prev = '';
  for (let i = 0; i < s.length; i++) {
    let ch = s[i] as string;
    if (VOWELS.has(ch)) {
      if (i === 0) ch = 'A';
      else {
        prev = '';
        continue;
      }
    }
    if (ch === 'h' && i > 0) continue;
    if (ch === 'j' && i > 0) {
      prev = '';
      continue;
    }
    if (ch !== prev) out += ch;
    prev = ch;
  }
  return out;
}

/**
 * Consonant skeleton, for tokens from scripts that do not write short vowels: Arabic "frnandu" and Latin
 * "fernando" share "frnnd". p/b, v/f, g/j/dj, o/u/w, e/i/y are folded; h is kept except at the end. Remembered for
 * the words met lately.
 */
export const consonantSkeleton = rememberedPerWord(skeletonOf);

function skeletonOf(token: string): string {
  let s = token.replace(/kh/g, 'k').replace(/gh/g, 'g').replace(/th/g, 't').replace(/dh/g, 'd');
  // ج is j, g (Egypt) or dj (French): one letter in the skeleton.
  s = s.replace(/dj/g, 'j').replace(/g/g, 'j');
  s = s.replace(/sh|ch/g, 'S').replace(/p/g, 'b').replace(/v/g, 'f').replace(/[qc]/g, 'k').replace(/[wy]/g, '');
  let out = '';
  let prev = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    // h is a consonant (Hassan, Huda, Mahdi: ح and ه); only a final h is dropped (Fatimah / فاطمة).
    if (VOWELS.has(ch) || (ch === 'h' && i === s.length - 1)) continue;
    if (ch !== prev) out += ch;
    prev = ch;
  }
  return out;
}
