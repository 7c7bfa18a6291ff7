import type { PepDerived } from '@regcheck/shared/pep-status';
import { formatDay } from '../../../app/format/format';

type T = (key: string, params?: Record<string, unknown>) => string;

/** What a PEP line says of a status, as stored on the ficha or in a history row (decision 170). */
export type PepLineInput = Pick<
  PepDerived,
  'state' | 'until' | 'position' | 'institution' | 'source' | 'relatedName' | 'level'
> & { relation?: string | null; through?: string | null };

/**
 * "<position>, <institution>", or for a PEP's relation "<relation> of <name>: <position>, <institution>", or for a
 * co-owner (Brazil) "close associate of <name> by joint ownership of <company>: <position>, <institution>".
 */
function details(p: PepLineInput, t: T): string {
  const office = [p.position, p.institution].filter(Boolean).join(', ') || t('fichas:pepLine.noOffice');
  // Brazil's close associate by holding a legal person together with the PEP (decision 196)
  if (p.level === 2 && p.relatedName && p.source === 'jointOwnership' && p.through)
    return t('fichas:pepLine.jointOwnershipOf', { name: p.relatedName, company: p.through, office });
  if (p.level === 2 && p.relatedName) {
    const rel =
      p.relation && ['spouse', 'relative', 'associate', 'jointOwnership'].includes(p.relation) ? p.relation : 'related';
    return t('fichas:pepLine.relationOf', {
      relation: t(`fichas:pepLine.relations.${rel}`),
      name: p.relatedName,
      office,
    });
  }
  return office;
}

/**
 * The ficha's one PEP status in words: "PEP until <date>: <position>, <institution> (source)"; with no end, "PEP
 * with no end date: ..."; a former PEP "Former PEP: until <date> (source)"; else "Not PEP".
 */
export function pepLine(p: PepLineInput | null | undefined, t: T): string {
  if (!p || p.state === 'none' || !p.source) return t('fichas:pepLine.none');
  const source = t(`fichas:pepLine.sources.${p.source}`);
  if (p.state === 'former')
    return p.until
      ? t('fichas:pepLine.former', { date: formatDay(p.until), source })
      : t('fichas:pepLine.formerNoDate', { source });
  const what = details(p, t);
  return p.until
    ? t('fichas:pepLine.until', { date: formatDay(p.until), details: what, source })
    : t('fichas:pepLine.noEnd', { details: what, source });
}
