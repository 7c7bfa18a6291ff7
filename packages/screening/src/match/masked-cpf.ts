import { nameKey } from '../text/normalize';
import type { ListEntity } from '../types';

/*
 * A CPF the Portal da Transparência publishes masked (***.456.789-**) shows six of its eleven digits: alone it names
 * about a million people, with the name one. A person of such a list is the same as a customer whose whole CPF has
 * those digits in those places (the 4th to the 9th) and whose name is the same once normalised (accents, case,
 * spacing and particles such as "da" and "dos" aside). Two customers who both fit cannot be told apart by the list:
 * neither is taken for the person.
 */

/** The identifier type of a masked CPF in a list entry (its value: the six digits). */
export const MASKED_CPF_ID = 'cpf-partial';

/** The six digits a masked CPF shows (***.456.789-**, ***456789**), or null when the value is not one. */
export function maskedCpfDigits(value: string): string | null {
  const m = /^\*{3}\.?(\d{3})\.?(\d{3})-?\*{2}$/.exec(value.trim());
  return m ? `${m[1]}${m[2]}` : null;
}

/** Six visible digits written as the Portal publishes a masked CPF: ***.456.789-**. */
export function formatMaskedCpf(digits: string): string {
  return `***.${digits.slice(0, 3)}.${digits.slice(3, 6)}-**`;
}

/** The digits of a whole CPF in the places the Portal leaves visible, or null when it is not eleven digits. */
export function cpfVisibleDigits(cpf: string): string | null {
  const d = cpf.replace(/\D/g, '');
  return d.length === 11 ? d.slice(3, 9) : null;
}

/** What a masked CPF and a whole one share when they are the same person's: the visible digits and the name. */
export function maskedCpfKey(digits: string, name: string): string {
  return `${digits}|${nameKey(name, 'Person')}`;
}

/** The visible digits of a list entry known by a masked CPF only (no whole document), or null. */
export function maskedCpfOf(e: Pick<ListEntity, 'identifiers'>): string | null {
  const ids = e.identifiers ?? [];
  const partial = ids.find((i) => i.type === MASKED_CPF_ID);
  if (!partial || ids.some((i) => i.type !== MASKED_CPF_ID)) return null;
  const d = partial.value.replace(/\D/g, '');
  return d.length === 6 ? d : null;
}
