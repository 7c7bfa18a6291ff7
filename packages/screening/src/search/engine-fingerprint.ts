/**
 * What the engine makes of names, as one hash (decision 285). An index snapshot holds names already normalised and
 * their retrieval keys; a process whose normalisation differs (a new transliteration rule, a given-name group, a
 * phonetic key) would look up keys the snapshot does not hold and miss entries it should find. The fingerprint is
 * taken from behaviour, not from a number someone must remember to raise: a fixed set of probe names, each written
 * as the lists write names (Latin with accents, Arabic, Cyrillic, Han, Hangul romanisations, organisations with
 * legal forms and acronyms, numbers, patronymics), normalised for every schema, with every token's text, kind,
 * weight, phonetic key, skeleton, group and legal class, and the key functions applied to each token. Any change
 * that moves one of these changes the hash, so the snapshot's name changes and an old snapshot is never loaded.
 */
import { createHash } from 'node:crypto';
import { normalizeName } from '../text/normalize';
import { consonantSkeleton, phoneticKey } from '../text/phonetic';
import type { EntitySchema } from '../types';

const PROBES = [
  'José María Rodríguez Pérez',
  'Andrés Ramírez',
  'RAMIREZ, Andrey',
  'Diego Santiago Castro Álvarez',
  'Juan Carlos de la Fuente y Vásquez',
  'João da Silva Gonçalves Filho',
  'Maria Conceição dos Santos',
  'Usama bin Muhammad bin Awad bin Ladin',
  'Osama bin Laden',
  'عبد الله بن محمد',
  'علي عمر',
  'وليد يوسف',
  'Abdul Rahman Abdel Aziz Abou Bakr',
  'Tayyab Naeem Maulawi Mollah',
  'Ragab Djamal Gamal Jamal',
  'Владимир Владимирович Путин',
  'Сергей Шойгу',
  'Олександр Зінченко',
  '金正恩',
  '习近平',
  'Kim Jong Un',
  'Kim Jong-un',
  'Choe Ryong Hae',
  'Gyu Kyu Chong Jong',
  'Mohammad Reza Shah-i-Pahlavi',
  'Sheikh Dr. Ahmed Al-Hassan',
  'Jean-Pierre Lévêque',
  "Seán Ó Briain O'Brien",
  'Müller Straße Weiß',
  'Bank of Iran Company for Shipping (BIC)',
  'SHPG Lines Ltda.',
  'Tehrik-i-Taliban Pakistan (TTP)',
  'Comercializadora Los Andes SpA',
  'Inversiones Alfa & Beta Ltda.',
  'Construtora Beta EIRELI',
  'Acme Holdings LLC',
  'Deutsche Handels GmbH',
  'Sociedad Anónima Minera del Norte S.A.',
  'Empresa 123 de Transportes',
  'Banco Nacional de Desarrollo 2',
  'A. B. Smith',
  'Ivan Ivanovich Ivanov',
  'Nguyễn Văn An',
  'Ömer Çelik Şahin',
  'Αλέξανδρος Παπαδόπουλος',
  'יוסף כהן',
  'عبد الباری ﺁخوند',
  'ＡＢＣ Ｔｒａｄｉｎｇ ﬁnance',
];
const SCHEMAS: EntitySchema[] = ['Unknown', 'Person', 'Organization', 'Company', 'Vessel'];

/** The fingerprint of a normalisation (exported for the test that shows one changed token changes it). */
export function fingerprintOf(normalize: typeof normalizeName): string {
  const h = createHash('sha256');
  for (const probe of PROBES)
    for (const schema of SCHEMAS) {
      const n = normalize(probe, schema);
      h.update(`${schema}|${probe}\n`);
      for (const t of n.tokens) {
        h.update(
          [
            t.text,
            t.kind,
            t.weight,
            t.phon,
            t.skel,
            t.group,
            t.cls,
            phoneticKey(t.text),
            consonantSkeleton(t.text),
          ].join('|'),
        );
        h.update('\n');
      }
    }
  return h.digest('hex');
}

let cached: string | undefined;

/** The hash of what this engine makes of the probe names (computed once per process, a few milliseconds). */
export function engineFingerprint(): string {
  cached ??= fingerprintOf(normalizeName);
  return cached;
}
