import type { ListEntity } from '@regcheck/screening';
import type { ListEntryDetailT } from '@regcheck/shared';
import { AppError } from '../../lib/errors';
import type { AppDeps } from '../../plugins/context';
import { getSourceView } from './lists.service';
import { activeEntities } from './public-lists.service';

const BARE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * A list entry whole (names and aliases, documents, dates, countries, addresses, programmes, the PEP register's
 * office): the hit detail of the screening (search module) and the super administrator's list screens share it.
 */

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : [];
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The office and expiration of an entry of the PEP register (its list keeps them in the entry's fields). */
function pepOf(extra: Record<string, unknown>) {
  return {
    level: Number(extra.pepLevel),
    position: text(extra.position),
    institution: text(extra.institution),
    officeStart: text(extra.officeStart),
    officeEnd: text(extra.officeEnd),
    expiration: text(extra.pepExpiration),
    primaryName: text(extra.primaryName),
    relation: text(extra.relation),
  };
}

/** An entity of a list as the detail answers it. */
export function entryDetailOf(
  source: Awaited<ReturnType<typeof getSourceView>>,
  kind: ListEntryDetailT['kind'],
  e: ListEntity,
): ListEntryDetailT {
  const extra = e.extra ?? {};
  return {
    listId: source.id,
    listName: source.name,
    kind,
    entityId: e.id,
    schema: e.schema,
    names: e.names,
    identifiers: e.identifiers ?? [],
    birthDates: e.birthDates ?? [],
    countries: e.countries ?? [],
    programs: e.programs ?? [],
    addresses: strings(extra.addresses),
    listedOn: text(extra.listedOn),
    // the list's own reference of the entry: the one the parser kept, else its id on the list (OFAC's ent_num,
    // the UN's DATAID, the EU's logicalId...); RegCheck's own ids (the PEP register's people) are no reference a
    // reader can quote anywhere: a bare UUID is not shown (issue 25 point 6, decision 224)
    reference: text(extra.reference) ?? (BARE_UUID.test(e.id) ? null : e.id),
    remarks: e.remarks ?? null,
    version: source.currentVersion
      ? { label: source.currentVersion.label, activatedAt: source.currentVersion.activatedAt }
      : null,
    sourceUrl: source.sourceUrl ?? null,
    pep: typeof extra.pepLevel === 'number' ? pepOf(extra) : null,
  };
}

/** GET /lists/{id}/entries/{entityId}: an entry of the version in force, whole (404 when it is not there). */
export async function listEntryDetail(deps: AppDeps, listId: string, entityId: string) {
  const source = await getSourceView(deps, listId);
  const [e] = await activeEntities(deps, listId, [entityId]);
  if (!e) throw new AppError('LIST_ENTRY_NOT_FOUND');
  return entryDetailOf(source, source.kind, e);
}
