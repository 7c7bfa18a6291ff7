import type { TFunction } from 'i18next';

/*
 * A list entry's identifier type in words. Each list names its documents its own way (OFAC 'Passport', 'Cedula
 * No.', 'RFC'; the UN 'National Identification Number'; the EU 'passport', 'regnumber', 'id'; OpenSanctions
 * 'passportNumber', 'innCode'; our parsers 'national-id', 'cpf-partial'): they are folded to one catalogue of
 * kinds, shown in the page's language. A type we do not know is an "other document" (the list's own word stays in
 * the tooltip), never an English code on a Spanish page.
 */

export type IdentifierKind =
  | 'passport'
  | 'nationalId'
  | 'taxId'
  | 'registration'
  | 'ssn'
  | 'vessel'
  | 'lei'
  | 'swift'
  | 'license'
  | 'rut'
  | 'cpf'
  | 'cpfPartial'
  | 'cnpj'
  | 'other';

const RULES: [RegExp, IdentifierKind][] = [
  [/^cpf ?partial$/, 'cpfPartial'],
  [/^cpf\b/, 'cpf'],
  [/^cnpj\b/, 'cnpj'],
  [/^(rut|run)\b/, 'rut'],
  [/passport|pasaporte|passaporte/, 'passport'],
  [/\bimo\b|imo ?number|vessel|ship/, 'vessel'],
  [/\blei\b|lei ?code/, 'lei'],
  [/swift|\bbic\b/, 'swift'],
  [/ssn|social security|seguridad social/, 'ssn'],
  [/tax|fiscal|\brfc\b|\bnit\b|\bruc\b|\bcuit\b|\binn\b|inn ?code|\bvat\b|\btin\b|kpp/, 'taxId'],
  [
    /reg ?number|registration|registro|company number|\bogrn\b|ogrn ?code|business|commercial|\bcr\b|trade ?register/,
    'registration',
  ],
  [/licen[cs]e|licen[cç]a|licencia/, 'license'],
  [
    /national|identity|identification|identificacion|identidad|identidade|\bid\b|id ?number|cedula|c[eé]dula|\bdni\b|d ?n ?i|\bci\b|\bcurp\b/,
    'nationalId',
  ],
];

/** The kind of an identifier type as a list writes it. */
export function identifierKind(type: string | null | undefined): IdentifierKind {
  const t = (type ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[._#:/-]+/g, ' ')
    .replace(/\bno\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t) return 'other';
  for (const [re, kind] of RULES) if (re.test(t)) return kind;
  return 'other';
}

/** The identifier type in the page's language. */
export function identifierTypeLabel(t: TFunction, type: string | null | undefined): string {
  return t(`screening:identifierType.${identifierKind(type)}`);
}
