// Deterministic generators of synthetic names for tests and benchmarks: innocent Latin American people and
// companies, and perturbed spellings of real list names (typos, reordering, dropped parts, variant spellings).

/** Small fast deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(r: () => number, arr: readonly T[]): T {
  return arr[Math.floor(r() * arr.length)] as T;
}

export const GIVEN = (
  'Juan José Luis Carlos Jorge Pedro Miguel Francisco Javier Diego Andrés Felipe Sebastián Matías Nicolás Cristián ' +
  'Rodrigo Gonzalo Claudio Patricio Alejandro Fernando Ricardo Eduardo Pablo Ignacio Tomás Vicente Benjamín Joaquín ' +
  'Martín Agustín Rafael Manuel Antonio Alberto Sergio Raúl Héctor Víctor Hugo Óscar Mauricio Marcelo Gustavo ' +
  'María José Ana Carolina Francisca Catalina Valentina Camila Javiera Constanza Daniela Fernanda Paula Andrea ' +
  'Claudia Patricia Verónica Paola Lorena Marcela Gabriela Alejandra Isabel Rosa Carmen Teresa Mónica Sofía Florencia ' +
  'João Antônio Francisco Luiz Paulo Lucas Gabriel Rafael Thiago Bruno Gustavo Felipe Leonardo Rodrigo Marcos ' +
  'Mariana Juliana Beatriz Letícia Larissa Aline Luana Bianca Vanessa Adriana Simone Renata Priscila Tatiane'
).split(' ');

export const SURNAMES = (
  'González Muñoz Rojas Díaz Pérez Soto Contreras Silva Martínez Sepúlveda Morales Rodríguez López Fuentes ' +
  'Hernández Torres Araya Flores Espinoza Valenzuela Castillo Tapia Reyes Gutiérrez Castro Pizarro Álvarez ' +
  'Vásquez Sánchez Fernández Ramírez Carrasco Gómez Cortés Herrera Núñez Jara Vergara Rivera Figueroa Riquelme ' +
  'García Miranda Bravo Vera Molina Vega Campos Sandoval Orellana Zúñiga Olivares Alarcón Gallardo Ortiz Garrido ' +
  'Salazar Guzmán Henríquez Saavedra Navarro Aguilera Parra Romero Aravena Vidal Cáceres Yáñez Salinas ' +
  'Santos Oliveira Souza Lima Pereira Ferreira Alves Ribeiro Carvalho Gomes Martins Rocha Almeida Barbosa ' +
  'Cardoso Teixeira Correia Mendes Nascimento Lopes Moreira Cavalcanti Dias Monteiro Moura Freitas Pinto'
).split(' ');

const COMPANY_WORDS = (
  'Inversiones Comercial Constructora Inmobiliaria Transportes Servicios Agrícola Forestal Minera Ingeniería ' +
  'Distribuidora Importadora Exportadora Consultora Tecnología Alimentos Logística Industrial Pesquera Textil'
).split(' ');
const COMPANY_NAMES = (
  'El Roble|Los Andes|Del Sur|Austral|Pacífico|San Martín|Santa Rosa|La Esperanza|Del Valle|Cordillera|Los Alerces|' +
  'Nueva Era|Horizonte|Aconcagua|Bío Bío|Atacama|Patagonia|Tres Ríos|Vista Hermosa|Las Palmas|Sol Naciente|Boa Vista|' +
  'Rio Verde|São Jorge|Nova Aliança|Bom Jesus|Primavera|Monte Alegre'
).split('|');
const FORMS = ['SpA', 'S.A.', 'Ltda', 'Limitada', 'EIRL', 'S/A', 'ME', 'EPP', 'EIRELI', 'SA'];

/** An innocent synthetic person: 1-2 given names and 1-2 family names. */
export function latinPerson(r: () => number): string {
  const given = r() < 0.45 ? `${pick(r, GIVEN)} ${pick(r, GIVEN)}` : pick(r, GIVEN);
  const fam = r() < 0.75 ? `${pick(r, SURNAMES)} ${pick(r, SURNAMES)}` : pick(r, SURNAMES);
  return `${given} ${fam}`;
}

/** An innocent synthetic company. */
export function latinCompany(r: () => number): string {
  return `${pick(r, COMPANY_WORDS)} ${pick(r, COMPANY_NAMES)} ${pick(r, FORMS)}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One random edit (substitution, deletion, insertion, transposition) inside a word. */
export function typo(r: () => number, word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(r() * (word.length - 2));
  const kind = Math.floor(r() * 4);
  const c = pick(r, [...LETTERS]);
  const upper = word === word.toUpperCase();
  const ch = upper ? c.toUpperCase() : c;
  if (kind === 0) return word.slice(0, i) + ch + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + ch + word.slice(i);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

const VARIANTS: [RegExp, string][] = [
  [/ou/gi, 'u'],
  [/kh/gi, 'h'],
  [/y/gi, 'i'],
  [/ph/gi, 'f'],
  [/ee/gi, 'i'],
  [/sh/gi, 'ch'],
  [/ov$/gi, 'off'],
  [/dj/gi, 'j'],
  [/q/gi, 'k'],
  [/w/gi, 'v'],
  [/ii/gi, 'y'],
];

/** Another common romanisation of a word (Youssef -> Yusef, Khalid -> Halid, Ivanov -> Ivanoff). */
export function variantSpelling(r: () => number, word: string): string {
  const options = VARIANTS.filter(([re]) => {
    re.lastIndex = 0;
    return re.test(word);
  });
  if (!options.length) return word;
  const [re, rep] = pick(r, options);
  re.lastIndex = 0;
  return word.replace(re, (m) => (m === m.toUpperCase() ? rep.toUpperCase() : rep));
}

export type Perturbation = 'typo' | 'reorder' | 'drop' | 'variant' | 'case';

/** Perturbs a real name the way a customer file or a typist would. */
export function perturb(r: () => number, name: string, kind: Perturbation): string {
  const words = name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (kind === 'case') {
    return words
      .map((w) => (w[0] ?? '').toUpperCase() + w.slice(1).toLowerCase())
      .join(' ')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  }
  if (kind === 'reorder' && words.length >= 2) {
    const last = words[words.length - 1] as string;
    return `${last}, ${words.slice(0, -1).join(' ')}`;
  }
  if (kind === 'drop' && words.length >= 3) {
    const i = 1 + Math.floor(r() * (words.length - 2));
    return words.filter((_, k) => k !== i).join(' ');
  }
  const long = words.map((w, i) => ({ w, i })).filter(({ w }) => w.length >= 5);
  if (!long.length) return words.join(' ');
  const target = pick(r, long).i;
  return words.map((w, i) => (i === target ? (kind === 'typo' ? typo(r, w) : variantSpelling(r, w)) : w)).join(' ');
}
