/** The two screen sizes every screen is looked at in (the guide's 1440x900 and 1280x800). */
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

/** The product's three languages, as the interface names them. */
export type Lang = 'es' | 'pt-BR' | 'en';

/** Each language's entry in the avatar menu's language switch. */
export const SWITCH: Record<Lang, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };
