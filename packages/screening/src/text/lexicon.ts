// Word lists used by normalisation. They describe languages and legal systems, not any list's members.

/** Honorifics and ranks: dropped from person names. */
export const TITLES = new Set(
  (
    'mr mrs ms miss mister dr doctor prof professor sir dame lord lady sheikh shaikh sheik shaykh mullah mulla ' +
    'maulana maulvi mawlawi mawlana maulavi maulawi moulavi mawlavi molvi moulvi mollah molah mulah hajji hadji general gen colonel col major maj captain capt lieutenant lt ' +
    'sergeant sgt rev reverend father fr sr sra srta senor senora senorita dona sra srta ing lic licenciado ' +
    'excmo his her excellency hon honorable honourable president minister herr frau mme mlle monsieur madame ' +
    'gospodin jr junior snr esq phd md'
  ).split(' '),
);

/** Name particles (Spanish, Portuguese, Dutch, German, French, Italian, Arabic): weigh little. */
export const PARTICLES = new Set(
  (
    'de del da das do dos di du des y e la las los le lo van von der den ter ten zu vom ' +
    'bin ben ibn bint binti binte al el ul ud ad ar as at an ould walad'
  ).split(' '),
);

/**
 * Words that link a name to a parent's name ("bin Muhammad": son of Muhammad; "abu Muhammad": father of
 * Muhammad). The chain "connector + name" in the middle of a name is a patronymic or kunya that lists record in
 * full and people leave out; the chain at the end of a name is the family name ("bin Ladin").
 */
export const PATRONYMIC_CONNECTORS = new Set('bin ben ibn bint binti binte abu ould walad'.split(' '));

/** Spellings of one particle (the Arabic article and its assimilated forms; son of; daughter of). */
export const PARTICLE_VARIANTS = new Map<string, number>();
['al el ul ud ad ar as at an', 'bin ben ibn', 'bint binti binte'].forEach((line, i) => {
  for (const w of line.split(' ')) PARTICLE_VARIANTS.set(w, i + 1);
});

/** Words that carry little identity in organisation names. */
export const ORG_STOPWORDS = new Set(
  'the of and for und et y e i de del la le les der die das di da do dos a an in'.split(' '),
);

/** Frequent descriptive words of organisation names: they count, but less than distinctive words. */
export const ORG_GENERIC = new Set(
  (
    'company companies group holding holdings international national global trading trade industries industry ' +
    'industrial enterprises enterprise services service investments investment management partners ventures ' +
    'capital bank banco banca fund foundation association society institute organization organisation ' +
    'comercial commercial comercializadora inversiones sociedad servicios empresa empresas industrias ' +
    'compania companhia general import export corporate systems solutions technologies technology ' +
    'inmobiliaria imobiliaria constructora construtora construcciones ingenieria engenharia transportes ' +
    'transporte agricola agropecuaria forestal minera mineracao distribuidora importadora exportadora consultora ' +
    'consultoria tecnologia alimentos logistica pesquera textil asesorias assessoria representaciones ' +
    'comercializadora negocios participacoes empreendimentos administradora nacional internacional grupo ' +
    'holdings servicos industria'
  ).split(' '),
);

/**
 * What an organisation is, in the languages the lists and the customers write (group, society, movement, party,
 * brigade...): one line per meaning. Lists keep an organisation's name in its language or translate it ("Jama'at
 * al-Jihad" / "Jihad Group"); two words of one line are one word translated (see ORG_WORD_GROUP). They are
 * descriptive words of an organisation's name (ORG_GENERIC). Not the words of business names (company, bank,
 * investments, technology, services...): "Inversiones Nova Aliança S.A." would alert on "NOVA INVESTMENTS JOINT"
 * (innocent companies against the 1,000,000-name corpus, decision 299).
 */
const ORG_WORD_GROUPS = [
  'group groups grupo grupos groupe gruppe jamaat jamaah jamaa jamat jamaatul',
  'society sociedad sociedade societe jamiat jamiyat jamiyah jamyah',
  'association asociacion associacao',
  'foundation fundacion fundacao fondation stiftung bonyad',
  'movement movimiento movimento mouvement harakat harakah harakatul',
  'party partido parti hizb hizbul',
  'brigade brigades brigada brigadas liwa liwaa',
  'battalion battalions batallon batalhao katiba katibat khatiba',
  'army ejercito exercito armee jaysh jaish',
  'front frente jabhat jabhah',
  'council consejo conselho conseil majlis',
  'organization organisation organizacion organizacao tanzim',
  'exchange exchanges hawala sarafi sarrafi cambio cambios',
];

/** First group number of ORG_WORD_GROUPS (apart from GIVEN_NAME_GROUP's). */
export const ORG_WORD_GROUP_BASE = 100_000;
/** Group of an organisation's descriptive word and its translations (numbers apart from GIVEN_NAME_GROUP's). */
export const ORG_WORD_GROUP = new Map<string, number>();
ORG_WORD_GROUPS.forEach((line, i) => {
  for (const w of line.split(' ')) {
    ORG_WORD_GROUP.set(w, ORG_WORD_GROUP_BASE + i);
    ORG_GENERIC.add(w);
  }
});

/** Abbreviations expanded before matching. */
export const ABBREVIATIONS = new Map<string, string>(
  Object.entries({
    intl: 'international',
    int: 'international',
    natl: 'national',
    nat: 'national',
    assn: 'association',
    assoc: 'association',
    bros: 'brothers',
    mfg: 'manufacturing',
    dept: 'department',
    univ: 'university',
    govt: 'government',
    cia: 'compania',
    st: 'saint',
    ste: 'sainte',
    mt: 'mount',
    '&': 'and',
  }),
);

/**
 * Legal forms, comma separated (a form may be several words), mapped to a class. Names are compared with their
 * legal form as a class: "SpA", "S.A." and "Sociedad Anonima" are all share companies; forms weigh little.
 */
const LEGAL_FORM_SPEC: Record<string, string> = {
  shares:
    'sa, spa, sas, saa, sab, sae, sca, saic, sacv, sa de cv, ag, plc, nv, se, asa, ab, oy, oyj, kk, akg, akc, ' +
    'kabushiki kaisha, aktiengesellschaft, aktiebolag, naamloze vennootschap, societe anonyme, sociedad anonima, ' +
    'sociedade anonima, societa per azioni, sociedad por acciones, sociedad anonima cerrada, sociedad anonima abierta, ' +
    'sociedad por acciones simplificada, public limited company, sociedad anonima de capital variable',
  limited:
    'ltd, ltda, limited, limitada, llc, llp, lp, gmbh, bv, srl, sarl, sl, slu, sro, spzoo, sp z oo, sp z o o, ooo, ' +
    'tov, too, eood, ood, doo, d o o, kft, sprl, bvba, pty, pvt, private limited, pty ltd, pvt ltd, eirl, eireli, me, epp, ' +
    'mei, ltee, limited liability company, limited company, gesellschaft mit beschrankter haftung, ' +
    'sociedad de responsabilidad limitada, sociedade limitada, sociedade empresaria limitada, ' +
    'societatea cu raspundere limitata, besloten vennootschap, obshchestvo s ogranichennoy otvetstvennostyu, ' +
    'obshchestvo s ogranichennoi otvetstvennostiu, obshchestvo s ogranichennoj otvetstvennostju, ' +
    'empresa individual de responsabilidad limitada, empresa individual de responsabilidade limitada, ' +
    'microempresa, empresa de pequeno porte, microempreendedor individual, societe a responsabilite limitee, ' +
    'spolka z ograniczona odpowiedzialnoscia, tovarystvo z obmezhenoyu vidpovidalnistyu',
  jointstock:
    'ojsc, jsc, pjsc, cjsc, zao, oao, pao, ao, jsco, pat, prat, joint stock company, open joint stock company, ' +
    'closed joint stock company, public joint stock company, joint-stock company, aktsionernoe obshchestvo, ' +
    'otkrytoe aktsionernoe obshchestvo, zakrytoe aktsionernoe obshchestvo, publichnoe aktsionernoe obshchestvo, ' +
    'aktsionernoye obshchestvo, otkrytoye aktsionernoye obshchestvo, zakrytoye aktsionernoye obshchestvo',
  corp:
    'inc, incorporated, corp, corporation, corporacion, corporacao, co, cie, kg, ohg, gbr, lc, pc, pllc, na, n a, ' +
    'national association',
  coop: 'cooperative, coop, cooperativa, cooperativa limitada',
};

export const LEGAL_FORM_PHRASES: { words: string[]; cls: string }[] = [];
export const LEGAL_FORM_WORDS = new Map<string, string>();

for (const [cls, spec] of Object.entries(LEGAL_FORM_SPEC)) {
  for (const item of spec.split(',')) {
    const words = item.trim().split(/[\s-]+/);
    if (words.length === 1 && words[0]) {
      if (!LEGAL_FORM_WORDS.has(words[0])) LEGAL_FORM_WORDS.set(words[0], cls);
    } else LEGAL_FORM_PHRASES.push({ words, cls });
  }
}
LEGAL_FORM_PHRASES.sort((a, b) => b.words.length - a.words.length);

/**
 * Words of legal-form phrases ("liability", "joint", "stock"): in an organisation name they weigh like a legal
 * form even when the phrase is misspelt or cut ("LIMITTED LIABILITY COMPANY").
 */
export const LEGAL_VOCABULARY = new Set<string>();
const NOT_VOCABULARY = new Set(
  'open public closed private national individual empresa association de del s z o a mit cu por per of e'.split(' '),
);
for (const p of LEGAL_FORM_PHRASES) {
  for (const w of p.words) if (w.length >= 4 && !NOT_VOCABULARY.has(w) && !ORG_GENERIC.has(w)) LEGAL_VOCABULARY.add(w);
}

/** Cross-language and nickname equivalents of given names (each line one group). */
const GIVEN_NAME_GROUPS = [
  'john juan jean johann johannes joao giovanni ivan ioannis jan jon sean hans jovan johnny jack',
  'joseph jose josef giuseppe josep yusuf youssef yousef yusef yosef iosif osip joe pepe',
  'michael miguel michel michele mikhail mikail mihail mikhael mike misha',
  'peter pedro pierre pietro petr pyotr piotr petar pete',
  'timothy tim timo',
  'christopher cristobal christoph kristof chris',
  'jeffrey geoffrey jeff geoff',
  'kenneth ken',
  'donald don',
  'ronald ron',
  'frederick federico friedrich fred',
  'vladimir volodymyr wladimir vova volodya',
  'francisco francesc paco pancho',
  'ignacio inaki nacho',
  'enrique quique',
  'jesus chucho',
  'guillermo memo',
  'paul pablo paulo paolo pavel pawel',
  'james jaime jacques giacomo jakob jacob yakov iakov jacobo jim jimmy',
  'william guillermo wilhelm guillaume bill billy will willy',
  'robert roberto bob bobby rob',
  'richard ricardo riccardo dick rick',
  'charles carlos carl karl carlo',
  'george jorge georg georgiy giorgio yuri',
  'henry enrique henri heinrich enrico henrique harry',
  'alexander alejandro alexandre alessandro aleksandr aleksandar alexandr sasha alex',
  'andrew andres andre andrey andrei andrzej andy drew',
  'stephen steven esteban stefan etienne stepan stefano steve',
  'thomas tomas tommaso tom foma',
  'anthony antonio antoine anton tony',
  'francis francisco francois francesco franz frank',
  'edward eduardo edouard edoardo ed eddie',
  'benjamin benjamim ben bibi',
  'elizabeth isabel elisabeth elisabetta isabella elizaveta liz beth',
  'mary maria marie mariya mariia marija',
  'catherine catalina caterina katharina ekaterina yekaterina kate katie',
  'helen elena helena elene yelena',
  'daniel danilo dan danny',
  'matthew mateo mateus matteo matthias matvey matt',
  'louis luis luiz ludwig luigi',
  'nicholas nicolas nicola nikolai nikolay niklas nick kolya',
  'gregory gregorio gregor grigory grigoriy greg',
  'samuel samuele sam',
  'william bill',
  'mohammed muhammad mohammad mohamed muhammed mohamad mohd',
  'abdullah abdallah abdulla',
  'hussein husain hussain hosein husayn',
  'osama usama',
  'ibrahim abraham avraham',
  'suleiman sulaiman suleyman solomon',
  'ali aly',
  'abu abou',
  'abdul abdel abdoul',
  'dmitry dmitri dmitriy dima',
  'sergey sergei serguei sergio serge',
  'yevgeny evgeny evgeni eugene eugenio',
];

/**
 * The Spanish and Portuguese forms of the groups above (the customers' own names), without those other languages
 * spell the same way (Benjamin, Daniel, Samuel, Maria). Such a form against another
 * language's form of the group that sounds different ("Andrés" / "Andrey", "Pedro" / "Peter") is a translation of
 * the name, not a spelling of it: weak evidence that two people are one (see TRANSLATION_SIM in names.compare.ts).
 */
export const IBERIAN_GIVEN_FORMS = new Set(
  (
    'juan joao jose pepe miguel pedro cristobal federico francisco paco pancho ignacio inaki nacho enrique quique ' +
    'jesus chucho guillermo memo pablo paulo jaime diego santiago jacobo ricardo carlos jorge henrique alejandro ' +
    'alexandre andres andre esteban tomas antonio eduardo benjamim isabel catalina mateo mateus luis luiz ' +
    'nicolas gregorio sergio eugenio roberto'
  ).split(' '),
);

export const GIVEN_NAME_GROUP = new Map<string, number>();
GIVEN_NAME_GROUPS.forEach((line, i) => {
  for (const w of line.split(' ')) if (!GIVEN_NAME_GROUP.has(w)) GIVEN_NAME_GROUP.set(w, i + 1);
});

/** Number words (English, Spanish, Portuguese) to digits. */
export const NUMBER_WORDS = new Map<string, string>(
  Object.entries({
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
    ten: '10',
    // tens, which a unit after them adds to ("Forty 4", "forty-four": 44)
    twenty: '20',
    thirty: '30',
    forty: '40',
    fifty: '50',
    sixty: '60',
    seventy: '70',
    eighty: '80',
    ninety: '90',
    veinte: '20',
    treinta: '30',
    cuarenta: '40',
    cincuenta: '50',
    sesenta: '60',
    setenta: '70',
    ochenta: '80',
    noventa: '90',
    first: '1',
    second: '2',
    third: '3',
    fourth: '4',
    fifth: '5',
    uno: '1',
    tres: '3',
    cuatro: '4',
    cinco: '5',
    um: '1',
    dois: '2',
    ii: '2',
    iii: '3',
    iv: '4',
    vi: '6',
    vii: '7',
    viii: '8',
    ix: '9',
    '1st': '1',
    '2nd': '2',
    '3rd': '3',
    '4th': '4',
    '5th': '5',
  }),
);
