import { XMLParser } from 'fast-xml-parser';
import { countryCode } from '../text/countries';
import type { EntitySchema, ListEntity, ListIdentifier } from '../types';
import { list, type Node, nonEmpty, pushUnique as push, str } from './nodes';

const ARRAYS = new Set([
  'sanctionEntity',
  'nameAlias',
  'birthdate',
  'citizenship',
  'identification',
  'address',
  'regulation',
  'remark',
]);

const SCHEMA: Record<string, EntitySchema> = { person: 'Person', enterprise: 'Company' };

/**
 * The EU consolidated list of financial sanctions (FSF XML, `xmlFullSanctionsList_1_1`): one sanctionEntity per
 * listed person or organisation, with its names in every language (nameAlias wholeName), birth dates, citizenships,
 * identity documents, addresses, programme and publication date.
 */
export function parseEuFsfXml(xml: string, listId = 'eu-fsf'): ListEntity[] {
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    isArray: (name) => ARRAYS.has(name),
  }).parse(xml) as Node;
  const root = (doc.export ?? doc) as Node;
  const out: ListEntity[] = [];
  for (const n of list(root.sanctionEntity)) {
    const id = str(n.logicalId) || str(n.euReferenceNumber);
    if (!id) continue;
    const names: string[] = [];
    for (const a of list(n.nameAlias)) {
      const whole =
        str(a.wholeName) || [str(a.firstName), str(a.middleName), str(a.lastName)].filter(Boolean).join(' ');
      push(names, whole);
    }
    if (!names.length) continue;
    const subject = list(n.subjectType)[0] ?? (n.subjectType as Node | undefined);
    const schema = SCHEMA[str(subject?.code)] ?? SCHEMA[str(subject?.classificationCode)] ?? 'Unknown';
    const birthDates: string[] = [];
    for (const b of list(n.birthdate)) {
      const d =
        str(b.birthdate) ||
        (str(b.year) ? [str(b.year), str(b.monthOfYear), str(b.dayOfMonth)].filter(Boolean).join('-') : '');
      if (/^\d{4}(-\d{1,2}(-\d{1,2})?)?$/.test(d)) push(birthDates, d.replace(/-(\d)(?=-|$)/g, '-0$1'));
    }
    const countries: string[] = [];
    for (const c of list(n.citizenship))
      if (str(c.countryIso2Code)) push(countries, countryCode(str(c.countryIso2Code)));
    const identifiers: ListIdentifier[] = [];
    for (const i of list(n.identification)) {
      const value = str(i.number) || str(i.latinNumber);
      if (!value) continue;
      identifiers.push({
        type: str(i.identificationTypeCode) || 'id',
        value,
        ...(str(i.countryIso2Code) ? { country: countryCode(str(i.countryIso2Code)) } : {}),
      });
    }
    const addresses: string[] = [];
    for (const a of list(n.address)) {
      const parts = [
        str(a.street),
        str(a.poBox),
        str(a.city),
        str(a.zipCode),
        str(a.region),
        str(a.countryDescription),
      ];
      push(addresses, parts.filter((p) => p && p !== 'UNKNOWN').join(', '));
      if (str(a.countryIso2Code) && str(a.countryIso2Code) !== '00' && schema !== 'Person')
        push(countries, countryCode(str(a.countryIso2Code)));
    }
    const regulation = list(n.regulation)[0];
    const programs: string[] = [];
    for (const r of list(n.regulation)) push(programs, str(r.programme));
    const remarks = list(n.remark)
      .map((r) => str(r['#text'] ?? r))
      .filter(Boolean)
      .join(' ');
    out.push({
      id,
      listId,
      schema,
      names,
      ...nonEmpty({ identifiers, birthDates, countries, programs, remarks }),
      extra: {
        reference: str(n.euReferenceNumber),
        listedOn: str(regulation?.publicationDate) || str(regulation?.entryIntoForceDate),
        addresses,
      },
    });
  }
  return out;
}
