// Compact transliteration tables. They aim at matching, not at a scholarly romanisation: the output only
// has to land close to how lists spell the same name in Latin letters.

const CYRILLIC =
  'а:a б:b в:v г:g д:d е:e ё:e ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ' +
  'ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya є:ye і:i ї:yi ґ:g ў:u ђ:dj ј:j љ:lj њ:nj ћ:c џ:dz ѓ:gj ќ:kj ' +
  'ѕ:dz ә:a ғ:g қ:k ң:n ө:o ұ:u ү:u һ:h';
const GREEK = 'α:a β:v γ:g δ:d ε:e ζ:z η:i θ:th ι:i κ:k λ:l μ:m ν:n ξ:x ο:o π:p ρ:r σ:s ς:s τ:t υ:y φ:f χ:ch ψ:ps ω:o';
// Arabic and Persian: long vowels become vowels, short-vowel marks are dropped; such tokens are flagged
// as "abjad" so that the matcher compares their consonant skeleton. The ain (ع) becomes "a": Latin spellings
// write it as a vowel ("Ali", "Abd", "Umar", "Saad"), and the skeleton drops vowels, so nothing is lost there.
const ARABIC =
  'ا:a أ:a إ:i آ:a ٱ:a ء: ؤ: ئ: ب:b ت:t ة:a ث:th ج:j ح:h خ:kh د:d ذ:dh ر:r ز:z س:s ش:sh ص:s ض:d ط:t ظ:z ' +
  'ع:a غ:gh ف:f ق:q ك:k ل:l م:m ن:n ه:h و:u ي:i ى:a پ:p چ:ch ژ:zh گ:g ک:k ی:i ـ:' +
  // Urdu and Pashto letters (Urdu heh ہ and do-chashmi heh ھ, retroflex t / d / r, yeh barree, noon ghunna).
  ' ہ:h ۃ:a ھ:h ٹ:t ڈ:d ڑ:r ے:e ں:n ۀ:a ټ:t ډ:d ړ:r ږ:zh ښ:sh ګ:g ڼ:n ې:e ۍ:i';
const HEBREW =
  'א: ב:b ג:g ד:d ה:h ו:v ז:z ח:kh ט:t י:i כ:k ך:k ל:l מ:m ם:m נ:n ן:n ס:s ע: פ:p ף:f צ:ts ץ:ts ק:k ר:r ש:sh ת:t';
const GEORGIAN =
  'ა:a ბ:b გ:g დ:d ე:e ვ:v ზ:z თ:t ი:i კ:k ლ:l მ:m ნ:n ო:o პ:p ჟ:zh რ:r ს:s ტ:t უ:u ფ:p ქ:k ღ:gh ყ:q ' +
  'შ:sh ჩ:ch ც:ts ძ:dz წ:ts ჭ:ch ხ:kh ჯ:j ჰ:h';
const ARMENIAN =
  'ա:a բ:b գ:g դ:d ե:e զ:z է:e ը:y թ:t ժ:zh ի:i լ:l խ:kh ծ:ts կ:k հ:h ձ:dz ղ:gh ճ:ch մ:m յ:y ն:n շ:sh ո:o ' +
  'չ:ch պ:p ջ:j ռ:r ս:s վ:v տ:t ր:r ց:ts ւ:v փ:p ք:k օ:o ֆ:f';
const LATIN_EXTRA = 'ß:ss æ:ae ø:o đ:d ð:d ł:l ı:i þ:th œ:oe ŋ:ng ħ:h ŧ:t ĸ:k ƒ:f';
// Japanese kana (Hepburn, the common syllables).
const KANA =
  'あ:a い:i う:u え:e お:o か:ka き:ki く:ku け:ke こ:ko さ:sa し:shi す:su せ:se そ:so た:ta ち:chi つ:tsu ' +
  'て:te と:to な:na に:ni ぬ:nu ね:ne の:no は:ha ひ:hi ふ:fu へ:he ほ:ho ま:ma み:mi む:mu め:me も:mo ' +
  'や:ya ゆ:yu よ:yo ら:ra り:ri る:ru れ:re ろ:ro わ:wa を:o ん:n が:ga ぎ:gi ぐ:gu げ:ge ご:go ざ:za じ:ji ' +
  'ず:zu ぜ:ze ぞ:zo だ:da ぢ:ji づ:zu で:de ど:do ば:ba び:bi ぶ:bu べ:be ぼ:bo ぱ:pa ぴ:pi ぷ:pu ぺ:pe ぽ:po ' +
  'ゃ:ya ゅ:yu ょ:yo っ: ー:';

// Hangul syllables decompose (NFD) into conjoining jamo; romanise those (Revised Romanisation, simplified).
const HANGUL_INITIAL = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const HANGUL_VOWEL = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const HANGUL_FINAL = [
  'k',
  'kk',
  'ks',
  'n',
  'nj',
  'nh',
  't',
  'l',
  'lk',
  'lm',
  'lb',
  'ls',
  'lt',
  'lp',
  'lh',
  'm',
  'p',
  'ps',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

const TABLE = new Map<string, string>();
const WORD_INITIAL = new Map<string, string>([
  ['و', 'w'],
  ['ي', 'y'],
  ['ی', 'y'],
]);
const ABJAD = new Set<string>();

function load(spec: string, abjad = false): void {
  for (const pair of spec.split(' ')) {
    const i = pair.indexOf(':');
    const ch = pair.slice(0, i);
    TABLE.set(ch, pair.slice(i + 1));
    if (abjad) ABJAD.add(ch);
  }
}
load(CYRILLIC);
load(GREEK);
load(ARABIC, true);
load(HEBREW, true);
load(GEORGIAN);
load(ARMENIAN);
load(LATIN_EXTRA);
load(KANA);
// Katakana mirrors hiragana at +0x60.
for (const [k, v] of [...TABLE]) {
  const c = k.codePointAt(0) ?? 0;
  if (c >= 0x3041 && c <= 0x3096) TABLE.set(String.fromCodePoint(c + 0x60), v);
}
HANGUL_INITIAL.forEach((v, i) => {
  TABLE.set(String.fromCodePoint(0x1100 + i), v);
});
HANGUL_VOWEL.forEach((v, i) => {
  TABLE.set(String.fromCodePoint(0x1161 + i), v);
});
HANGUL_FINAL.forEach((v, i) => {
  TABLE.set(String.fromCodePoint(0x11a8 + i), v);
});

/** True for Han ideographs (CJK unified, extension A, compatibility). */
export function isHan(cp: number): boolean {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff);
}

export interface TranslitResult {
  text: string;
  /** The source was written in a script without short vowels (Arabic, Hebrew). */
  abjad: boolean;
}

/**
 * Transliterates one lower-cased token to Latin letters; accents are stripped. Characters of scripts without a
 * table (Thai, Khmer, Han...) are kept as they are, so identical names in those scripts still match.
 */
export function transliterate(token: string): TranslitResult {
  let out = '';
  let abjad = false;
  for (const ch of token) {
    // Waw and ya at the start of a word are the consonants w and y ("Walid", "Yusuf"), not the vowels u and i.
    const initial = out === '' ? WORD_INITIAL.get(ch) : undefined;
    if (initial !== undefined) {
      out += initial;
      abjad = true;
      continue;
    }
    const direct = TABLE.get(ch);
    if (direct !== undefined) {
      out += direct;
      if (ABJAD.has(ch)) abjad = true;
      continue;
    }
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) {
      out += ch;
      continue;
    }
    // Arabic short-vowel marks and other harakat: dropped.
    if (code >= 0x064b && code <= 0x065f) continue;
    for (const part of ch.normalize('NFD')) {
      const pc = part.codePointAt(0) ?? 0;
      if (pc >= 0x0300 && pc <= 0x036f) continue; // combining diacritics (Latin, Greek, Cyrillic accents)
      const mapped = TABLE.get(part);
      out += mapped ?? part;
    }
  }
  return { text: out, abjad };
}
