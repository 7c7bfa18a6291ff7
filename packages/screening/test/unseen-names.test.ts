// Names of kinds the labelled pairs showed the scorer missing (issue 26): Arabic script against the Latin spelling
// lists use, translated given names, organisations' acronyms and contractions, doubled letters, titles. Every name
// here is invented for the test; none comes from the benchmark's pairs.
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, type EntitySchema, normalizeName, scorePair } from '../src/index';

const score = (a: string, b: string, schema: EntitySchema = 'Unknown') => scorePair(a, b, schema).score;
const summary = (a: string, b: string, schema: EntitySchema = 'Unknown') => scorePair(a, b, schema).explanation.summary;

describe('Arabic script against its Latin spelling', () => {
  it.each([
    // the ain written as a vowel: Ali, Omar, Abd
    ['علي الحسني', 'ALI AL-HUSNI'],
    ['عمر فاضل الحداد', 'Omar Fadel al-Haddad'],
    ['عبد الكريم ناصر', 'ABD AL-KARIM NASER'],
    // a word-initial waw is the consonant w
    ['وليد سامي', 'Walid Sami'],
    // h is a consonant: Huda, Mahdi
    ['هدى مهدي', 'Huda Mahdi'],
    // the jim written g (Egypt) or dj (Algeria)
    ['رجب فهمي', 'Ragab Fahmi'],
    ['جمال بوزيد', 'Djamal Bouzid'],
  ])('%s ~ %s', (a, b) => {
    expect(score(a, b, 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('names the parts that matched and how', () => {
    const s = summary('هدى مهدي', 'Huda Mahdi', 'Person');
    expect(s).toContain('hda~huda');
    expect(s).toContain('mhdi~mahdi');
    expect(s).toMatch(/sounds alike/);
  });

  it('still tells different Arabic names apart', () => {
    expect(score('عمر الحداد', 'Karim al-Haddad', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('هدى مهدي', 'Hind Mahdi', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('given names in another language', () => {
  it('a Spanish given name and its Russian form that sounds different are a translation, not one name', () => {
    const r = scorePair('Andrés Ramírez', 'RAMIREZ, Andrey', 'Person');
    expect(r.score).toBeLessThan(DEFAULT_THRESHOLD);
    expect(r.explanation.summary).toContain('same name in another language: andres~andrey');
    expect(score('Pedro Salas Vidal', 'Peter Salas Vidal', 'Person')).toBeLessThan(0.8);
  });

  it('Diego and Santiago are two Spanish names, not forms of one', () => {
    expect(score('Diego Ortúzar Llanos', 'LLANOS ORTUZAR, Santiago', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('spellings of one form and nicknames stay equivalent', () => {
    expect(score('Andrei Popov', 'Andrey Popov', 'Person')).toBeGreaterThanOrEqual(0.9);
    expect(score('Juan Ostrowski', 'John Ostrowski', 'Person')).toBeGreaterThanOrEqual(0.9);
    expect(score('Ben Katzir', 'Benjamin Katzir', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });
});

describe('organisations: acronyms after the name, contractions, Persian ezafe', () => {
  it('an acronym in parentheses after the name costs little when one side leaves it out', () => {
    expect(
      score('Northern River Shipping Company', 'NORTHERN RIVER SHIPPING COMPANY (NRSC)', 'Organization'),
    ).toBeGreaterThanOrEqual(0.9);
    // a name written without one of its words keeps the acronym: still the same entity
    expect(
      score('NORTHERN SHIPPING COMPANY (NRSC)', 'NORTHERN RIVER SHIPPING COMPANY (NRSC)', 'Organization'),
    ).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(normalizeName('NORTHERN RIVER SHIPPING COMPANY (NRSC)', 'Organization').tokens.at(-1)).toMatchObject({
      text: 'nrsc',
      kind: 'stop',
    });
  });

  it('a country or a word in parentheses that is not the name shortened stays a word', () => {
    const t = normalizeName('Banco Andino Comercial (Peru)', 'Company').tokens;
    expect(t.at(-1)).toMatchObject({ text: 'peru', kind: 'word' });
    expect(normalizeName('Ana Torres (AT)', 'Person').tokens.at(-1)?.kind).not.toBe('stop');
  });

  it('a word written without its vowels matches the word', () => {
    const r = scorePair('Pacific Star Shpg Company', 'PACIFIC STAR SHIPPING COMPANY', 'Company');
    expect(r.score).toBeGreaterThanOrEqual(0.9);
    expect(r.explanation.summary).toContain('equivalent: shpg~shipping');
    // a short word with vowels is no contraction
    expect(score('Pacific Sun Company', 'Pacific Sand Company', 'Company')).toBeLessThan(0.9);
  });

  it('the ezafe -i- / -e- of Persian and Urdu organisation names is one connector', () => {
    expect(score('Hizb-i-Watan Azad', 'HIZB-E-WATAN AZAD', 'Organization')).toBeGreaterThanOrEqual(0.9);
  });
});

describe('transliteration habits', () => {
  it('doubled letters written once are one spelling', () => {
    const r = scorePair('Sayyed Karim Tayyab', 'Sayed Karim Tayeb', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(0.85);
    expect(r.explanation.summary).toContain('tayyab~tayeb');
    expect(score('Naeem Rasheed Lal', 'Naim Rashid Lal', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('religious titles are left out and abu / abou are one word', () => {
    expect(score('Maulavi Nasir Gulzar', 'Nasir Gulzar', 'Person')).toBeGreaterThanOrEqual(0.95);
    expect(score('Maulawi Nasir Gulzar', 'Molvi Nasir Gulzar', 'Person')).toBeGreaterThanOrEqual(0.95);
    expect(score('Abou Karim Sahel', 'ABU KARIM SAHEL', 'Person')).toBeGreaterThanOrEqual(0.9);
  });
});

// Decisions 298-299: invented names again, none from the benchmark's pairs.
describe('Arabic, Urdu and Pashto script: parts written apart, one-consonant words, Urdu letters', () => {
  it('a name and "allah" or its article written apart match the Latin word they make together', () => {
    const r = scorePair('نصر الله بارکزی', 'NASRULLAH BARAKZAI', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(r.explanation.summary).toMatch(/joined\/split: nsr allh~nasrullah/);
  });

  it('the Urdu heh is a letter, not a character left as it is', () => {
    expect(normalizeName('اللہ', 'Person').tokens[0]?.text).toBe('allh');
    expect(score('حبیب اللہ نوری', 'HABIBULLAH NOORI', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('after the article, a waw is the consonant w', () => {
    expect(normalizeName('عبد الوهاب', 'Person').tokens.map((t) => t.text)).toEqual(['abd', 'al', 'whab']);
    expect(score('عبد الوهاب نوري', 'ABDUL WAHAB NOURI', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('a word of one consonant matches its short Latin spelling, and only one beginning alike', () => {
    expect(score('عدي كمال الراشد', 'UDAY KAMAL AL-RASHID', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(score('عدي كمال الراشد', 'DIA KAMAL AL-RASHID', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('short syllables romanised two ways', () => {
  it.each([
    ['Choe Gyu-sam', 'CHOE KYU SAM'],
    ['Ryu Che-hun', 'RYU JE HUN'],
    ['Pak Chong-dok', 'PAK JONG DOK'],
    ['Hsu Mingtao', 'Xu Mingtao'],
  ])('%s ~ %s', (a, b) => {
    expect(score(a, b, 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(summary(a, b, 'Person')).toMatch(/sounds alike/);
  });

  it('other syllables and short Latin names stay apart', () => {
    expect(score('Choe Gyu-sam', 'CHOE KYONG SAM', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('Ana Lourdes Paz', 'Ani Lourdes Paz', 'Person')).toBeLessThan(0.9);
    expect(score('Rosa Mora Gil', 'Rosa Mora Sol', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('titles written with a typing error', () => {
  it('a long title one letter off is still a title', () => {
    expect(score('Mulah Zarif Omari', 'Zarif Omari', 'Person')).toBe(1);
    expect(score('Sheihk Zarif Omari', 'Zarif Omari', 'Person')).toBe(1);
    expect(score('Coronel Zarif Omari', 'Zarif Omari', 'Person')).toBe(1);
  });

  it('a surname one letter from a short title stays a name', () => {
    // "Mayor" is one letter from "Major", "Molas" from "Molah"
    expect(score('Mayor Zarif Omari', 'Zarif Omari', 'Person')).toBeLessThan(1);
    expect(score('Molas Zarif Omari', 'Zarif Omari', 'Person')).toBeLessThan(1);
  });
});

describe('organisations: translated descriptive words, stop words left over', () => {
  it.each([
    ['Jamaat al-Nasr al-Mubin', 'AL-NASR AL-MUBIN GROUP', 'Organization'],
    ['Harakat al-Sabr al-Jamil', 'AL-SABR AL-JAMIL MOVEMENT', 'Organization'],
    ['Liwa al-Fath al-Qarib', 'Al-Fath Al-Qarib Brigade', 'Organization'],
    ['Sarrafi Barzin', 'Barzin Exchange', 'Company'],
  ] as [string, string, EntitySchema][])('%s ~ %s', (a, b, schema) => {
    expect(score(a, b, schema)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(summary(a, b, schema)).toMatch(/equivalent: [a-z]+~[a-z]+/);
  });

  it('a translated descriptive word does not make two names one', () => {
    expect(score('Liwa Tralcura', 'Quillen Brigade', 'Organization')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it("the words of business names are not translated: they are in most innocent companies' names", () => {
    const r = scorePair('Inversiones Quilpué Aurora S.A.', 'QUILPUE INVESTMENTS JOINT', 'Company');
    expect(r.score).toBeLessThan(DEFAULT_THRESHOLD);
    expect(r.explanation.summary).not.toContain('inversiones~investments');
  });

  it('"the", "and" and an acronym left over on both sides are not a conflict', () => {
    const withStops = score('Council of the Ferrand and Lusk Valleys (CFLV)', 'Council of Ferrand Lusk Valleys (CFL)');
    expect(withStops).toBeGreaterThanOrEqual(0.9);
  });
});

describe("an organisation's distinctive word spelt with two differences", () => {
  it('is rather another name than the same one misspelt', () => {
    expect(score('Vossler Logistik AG', 'Vossel Logistik AG', 'Company')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('Brandler Logistik AG', 'Brandl Logistik AG', 'Company')).toBeLessThan(0.75);
  });

  it("one typing error, a spelling that sounds alike and a person's name keep their score", () => {
    expect(score('Brandler Logistik AG', 'Brandlar Logistik AG', 'Company')).toBeGreaterThanOrEqual(0.9);
    expect(score('Transportes Quelentaro SpA', 'Transportes Quelantaru SpA', 'Company')).toBeGreaterThanOrEqual(0.9);
    expect(score('Ovidio Brandler', 'Ovidio Brandl', 'Person')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('romanised syllables split at another place (decision 302)', () => {
  it('the same letters split at another place are one name, said joined/split', () => {
    const r = scorePair('Pak Yon-gchol', 'PAK YONG-CHOL', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(0.9);
    expect(r.explanation.summary).toContain('joined/split: yon gchol~yong chol');
    expect(score('Ri Mu-nsok', 'RI MUN-SOK', 'Person')).toBeGreaterThanOrEqual(0.9);
  });

  it('syllables split at the same place are compared one by one', () => {
    expect(score('Ri Mun-sok', 'RI MUN-SUK', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('Tian Wei', 'Tian Wen', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('the Persian ezafe run together with the word (decision 302)', () => {
  it('"-ye" after a vowel is the connector, not another word', () => {
    const r = scorePair('Daryaye Sabzvar Shipping', 'DARYA SABZVAR SHIPPING CO', 'Company');
    expect(r.score).toBeGreaterThanOrEqual(0.85);
    expect(r.explanation.summary).toContain('daryaye~darya');
    expect(score('Daryaye Sabzvar Shipping', 'DARYA SABZVAR SHIPPING CO', 'Company')).toBeGreaterThan(
      score('Daryaki Sabzvar Shipping', 'DARYA SABZVAR SHIPPING CO', 'Company'),
    );
  });
});

describe('what an organisation is, said in other words (decision 303)', () => {
  it('a brigade and a battalion of one name are one organisation', () => {
    expect(score('Liwa al-Nasr al-Mubin', 'KATIBA AL-NASR AL-MUBIN', 'Organization')).toBeGreaterThanOrEqual(0.9);
    expect(score('Hizbul Watan Azad', 'WATAN AZAD', 'Organization')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('a bank and a trust company of one name are two companies', () => {
    expect(score('Andes Quillen Trust Corporation', 'Andes Quillen Bank Corporation', 'Company')).toBeLessThan(
      DEFAULT_THRESHOLD,
    );
  });
});

describe('a name without its "-ullah" or "-uddin" (decision 304)', () => {
  it('"Najib" is a short form of "Najibullah", "Ghias" of "Ghiassuddin"', () => {
    const r = scorePair('Najib Sarwani', 'NAJIBULLAH SARWANI', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(0.85);
    expect(r.explanation.summary).toContain('najib~najibullah');
    expect(score('Ghias Tarakzai', 'GHIASSUDDIN TARAKZAI', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    // and "Abdurrahman" of "Rahman"
    expect(score('Rahman, Yusran Hadi', 'YUSRAN HADI ABDURRAHMAN', 'Person')).toBeGreaterThanOrEqual(0.85);
  });

  it('another ending is another name', () => {
    expect(score('Najib Sarwani', 'NAJIBAN SARWANI', 'Person')).toBeLessThan(0.85);
    expect(score('Karim Sarwani', 'KARIMULLAH NOORZAI', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('Yusran Hadi Rahim', 'YUSRAN HADI ABDURRAHMAN', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('"طه" is Taha (decision 302)', () => {
  it('Arabic ta + ha, read "th", is the Latin word of the same consonants', () => {
    const r = scorePair('طه منير الحداد', 'TAHA MUNIR AL-HADDAD', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(0.8);
    expect(r.explanation.summary).toContain('th~taha');
    expect(score('طه منير الحداد', 'HATA MUNIR AL-HADDAD', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('tens and units written as words (decision 303)', () => {
  it('"Forty 4" and "forty-four" are 44', () => {
    expect(score('Brigade Forty 4', 'BRIGADE 44', 'Organization')).toBeGreaterThanOrEqual(0.95);
    expect(score('Sixty-Two Brigade', '62 BRIGADE', 'Organization')).toBeGreaterThanOrEqual(0.95);
  });

  it('two numbers in digits stay two numbers, and another number is another name', () => {
    expect(score('Fund 20 3', 'Fund 23', 'Company')).toBeLessThan(0.9);
    expect(score('Brigade Forty 4', 'BRIGADE 45', 'Organization')).toBeLessThan(0.9);
  });
});

describe('the tha read "s" (decision 302)', () => {
  it('Persian and Urdu names with ث match their Latin spelling with s', () => {
    expect(score('ثناء الله کاکړ', 'SANAULLAH KAKAR', 'Person')).toBeGreaterThanOrEqual(0.8);
    expect(score('عثمان کاکړ', 'USMAN KAKAR', 'Person')).toBeGreaterThanOrEqual(0.8);
    expect(score('عثمان کاکړ', 'UTHMAN KAKAR', 'Person')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a short word with one typing error in a name whose other words match (decision 305)', () => {
  it('a letter more or less, or two letters swapped, is weak evidence, not a conflict', () => {
    const r = scorePair('Ko Chol-cae Pak', 'KO CHOL-CHAE PAK', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(r.explanation.summary).toContain('cae~chae');
    expect(score('Aub Talal Qassimi', 'ABU TALAL QASSIMI', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('not with one other word only, nor a letter changed', () => {
    expect(score('Rui Gomes', 'RUIZ GOMEZ, Juan', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('Ana Paula Quiroga', 'ANI PAULA QUIROGA', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('names from Arabic script with one letter typed wrong, and what NFKC folds (decision 310)', () => {
  it('a short word of Arabic script with one letter more, less or another, the first one too, is weak evidence', () => {
    const r = scorePair('شهاب الUين دلاور', 'شهاب الدين دلاور', 'Person');
    expect(r.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(r.explanation.summary).toContain('uin~din');
    expect(score('عبد الاری آخوند', 'عبد الباری آخوند', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('not in Latin letters, where the first letter tells two names apart, nor with a single other word', () => {
    expect(score('Uin Shihab Dilawar', 'Din Shihab Dilawar', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('الUين دلاور', 'الدين حسن', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('the lists’ Arabic presentation forms and full-width letters read as the letters a user types', () => {
    // ﺁ (U+FE81) is the presentation form of آ (U+0622)
    expect(score('عبد الباری ﺁخوند', 'عبد الباری آخوند', 'Person')).toBe(1);
    expect(normalizeName('ＡＢＣ Ｔｒａｄｉｎｇ', 'Company').tokens.map((t) => t.text)).toEqual(
      normalizeName('ABC Trading', 'Company').tokens.map((t) => t.text),
    );
  });
});

describe("an organisation's short word with a typing error when its type word matches too (decision 310)", () => {
  it('"Po-Gain Group" and "Pro-Gain Group" are one company written with a typo', () => {
    expect(score('PO-GAIN GROUP CORPORATION', 'PRO-GAIN GROUP CORPORATION', 'Organization')).toBeGreaterThanOrEqual(
      DEFAULT_THRESHOLD,
    );
  });

  it('a type word alone does not carry a word with a typo', () => {
    expect(score('Po Group', 'Pro Group', 'Organization')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});
