import {
  cpfVisibleDigits,
  formatMaskedCpf,
  type ListEntity,
  MASKED_CPF_ID,
  type MemoryScreeningIndex,
  maskedCpfKey,
} from '@regcheck/screening';
import { fullNameOf } from '../fichas';
import type { ScreenHit } from '../search';

/*
 * The monitoring of entries known by a masked CPF only (***.456.789-**: the Portal da Transparência's PEP list and
 * the register's people imported from it; decision 132). A ficha with a CPF is linked when its CPF shows the same
 * digits in the same places and its name is the same once normalised, and when it is the only ficha of the company
 * to do so: the list cannot tell two such fichas apart, so neither is linked (the import reports them). A ficha
 * without a CPF (another document, or none) is compared by name as with any entry.
 */

/**
 * The fichas of natural persons whose document is a CPF, by the key a CPF published masked shares with them (the
 * digits it shows and the name, maskedCpfKey): a list entry known by a masked CPF links the one ficha of its key.
 */
export type MaskedCpfIndex = Map<string, string[]>;

export const hasCpf = (f: { id: string; listId: string; identifiers?: { type: string }[] }) =>
  f.identifiers?.some((i) => i.type === 'CPF') ?? false;

/** The masked CPF key of a ficha: a natural person's whose document is a CPF; null for any other. */
export function maskedCpfKeyOf(
  f: Parameters<typeof fullNameOf>[0] & { dni: string },
  e: Pick<ListEntity, 'id' | 'listId' | 'identifiers'>,
): string | null {
  const digits = f.personType === 'natural' && hasCpf(e) ? cpfVisibleDigits(f.dni) : null;
  return digits ? maskedCpfKey(digits, fullNameOf(f)) : null;
}

/** One entry known by a masked CPF against the fichas (see reverseScreen). */
export function maskedScreen(
  index: MemoryScreeningIndex,
  e: ListEntity,
  digits: string,
  threshold: number,
  masked: MaskedCpfIndex,
  add: (fichaId: string, hit: ScreenHit) => void,
) {
  const names = e.names.slice(0, 4);
  const same = new Set(names.flatMap((n) => masked.get(maskedCpfKey(digits, n)) ?? []));
  const linked = same.size === 1 ? [...same][0] : undefined;
  // the CPF as the list shows it (the register keeps it as published; the Portal's list under cpfMasked)
  const shown = String(e.extra?.dni || e.extra?.cpfMasked || formatMaskedCpf(digits));
  const summary = `masked CPF ${shown} shows the digits of the CPF and the name is the same`;
  const identifier = { type: MASKED_CPF_ID, value: shown, result: 'match' as const };
  const seen = new Set<string>();
  for (const name of names) {
    const hits = index.search({ name, countries: e.countries, schema: 'Person' }, { threshold, limit: 20 });
    for (const h of hits) {
      if (seen.has(h.entityId)) continue;
      // a ficha with a CPF is linked by the digits and the name, never by the name alone
      if (hasCpf(h.entity) ? h.entityId !== linked : h.score < threshold) continue;
      seen.add(h.entityId);
      const linkedHit = h.entityId === linked;
      add(h.entityId, {
        entityId: e.id,
        name: e.names[0] ?? '',
        matchedName: name,
        score: linkedHit ? 1 : h.score,
        explanation: linkedHit
          ? { ...h.explanation, identifier, summary: `${summary}; ${h.explanation.summary}` }
          : h.explanation,
        entity: e,
      });
    }
  }
  // the one ficha of the key, even when the name search did not bring it back (names are the same once normalised)
  if (linked && !seen.has(linked)) {
    add(linked, {
      entityId: e.id,
      name: e.names[0] ?? '',
      matchedName: e.names[0] ?? '',
      score: 1,
      explanation: { summary, nameScore: 1, matchedName: e.names[0] ?? '', parts: [], identifier },
      entity: e,
    });
  }
}
