import { parseEuFsfXml, parseUkOfsiCsv, parseUkSanctionsXml, ukDate } from '@regcheck/screening';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fixture, importList } from './fixtures/import-fixture';
import { parseListFile } from './lists.parse';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('the parsers of the EU, UK and OpenSanctions files', () => {
  it('EU FSF XML: names in every language, birth date, citizenship, document, address, programme, listing date', () => {
    const [p, c] = parseEuFsfXml(fixture('eu-fsf-small.xml'));
    expect(p).toMatchObject({
      id: '13155',
      schema: 'Person',
      birthDates: ['1954-08-30'],
      countries: ['BY'],
      programs: ['BLR'],
      extra: {
        reference: 'EU.6138.52',
        listedOn: '2020-10-06',
        addresses: ['Karla Marksa 38, Minsk, 220016, BELARUS'],
      },
    });
    expect(p?.names).toEqual([
      'Aliaksandr Ryhoravich LUKASHENKA',
      'Alexander Grigoryevich LUKASHENKO',
      'Аляксандр Рыгоравіч ЛУКАШЭНКА',
    ]);
    expect(c).toMatchObject({
      schema: 'Company',
      names: ['Joint Stock Company Sovcomflot', 'PAO Sovkomflot'],
      identifiers: [{ type: 'regnumber', value: '1027739028712', country: 'RU' }],
      countries: ['RU'],
    });
  });

  it('UK OFSI CSV: one entity per Group ID with its aliases, the primary name first', () => {
    const [m, s] = parseUkOfsiCsv(fixture('uk-ofsi-small.csv'));
    expect(m).toMatchObject({
      id: '13601',
      schema: 'Person',
      names: ['Nicolas MADURO MOROS', 'Nicolas MADURO'],
      birthDates: ['1962-11-23'],
      countries: ['VE'],
      identifiers: [{ type: 'national-id', value: '5892464' }],
      programs: ['Venezuela'],
      extra: { listedOn: '2018-01-22' },
    });
    expect(s).toMatchObject({
      id: '14195',
      schema: 'Company',
      names: ['SOVCOMFLOT', 'PAO SOVKOMFLOT'],
      countries: ['RU'],
    });
    expect(ukDate('00/00/1962')).toEqual(['1962']);
    expect(ukDate('00/11/1962')).toEqual(['1962-11']);
  });

  it('UK sanctions list XML: designations with names, regime, addresses, birth dates and documents; ships', () => {
    const [m, ship] = parseUkSanctionsXml(fixture('uk-sanctions-small.xml'));
    expect(m).toMatchObject({
      id: 'VEN0006',
      schema: 'Person',
      names: ['Nicolas MADURO MOROS', 'Nicolás MADURO'],
      birthDates: ['1962-11-23'],
      countries: ['VE'],
      identifiers: [{ type: 'national-id', value: '5892464' }],
      programs: ['The Venezuela (Sanctions) (EU Exit) Regulations 2019'],
      extra: { reference: '13601', listedOn: '2018-01-22', addresses: ['Palacio de Miraflores, Caracas, Venezuela'] },
    });
    expect(ship).toMatchObject({ id: 'RUS1234', schema: 'Vessel', names: ['NS CHAMPION'] });
  });

  it('reports a file of another format or with a broken line instead of importing it', () => {
    expect(parseListFile('eu-fsf-xml', bytes(fixture('uk-sanctions-small.xml')), 'eu-fsf').errors[0]?.message).toMatch(
      /not the EU financial sanctions file/,
    );
    expect(parseListFile('uk-ofsi-csv', bytes('a,b\n1,2\n'), 'uk-ofsi').errors[0]?.message).toMatch(/Group ID/);
    const ftm = parseListFile(
      'ftm-jsonl',
      bytes(`${fixture('opensanctions-small.ftm.json')}{broken\n`),
      'opensanctions',
    );
    expect(ftm).toMatchObject({ entities: [], errors: [{ line: 5, message: 'not valid JSON' }] });
    expect(
      parseListFile('uk-sanctions-xml', bytes('<Designations><Designation>'), 'uk-sanctions').errors[0]?.message,
    ).toMatch(/^XML/);
  });
});

const t = useTestApp();

describe('importing the new lists through the API', () => {
  it('each list gets a version with its entries and is screened; the daily fetch downloads the published address', async () => {
    const cases = [
      ['eu-fsf', 'eu-fsf-small.xml', 2],
      ['uk-ofsi', 'uk-ofsi-small.csv', 2],
      ['uk-sanctions', 'uk-sanctions-small.xml', 2],
      ['opensanctions', 'opensanctions-small.ftm.json', 3],
    ] as const;
    for (const [listId, file, count] of cases) {
      const v = await importList(t, listId, fixture(file), { label: `${listId} fixture` });
      expect(v, listId).toMatchObject({ status: 'active', entityCount: count, errors: [] });
      const source = (await t.get('superAdmin', `/api/lists/${listId}`)).json();
      expect(source).toMatchObject({ kind: 'sanctions', fetchEnabled: true, updateIntervalHours: 24 });
      expect(source.sourceUrl).toMatch(/^https:\/\//);
    }
    const r = await t.post('admin', '/api/search/individual', {
      name: 'Nicolás Maduro Moros',
      personType: 'natural',
      birthDate: '1962-11-23',
    });
    const hit = (id: string) => r.json().lists.find((l: { listId: string }) => l.listId === id);
    expect(hit('uk-ofsi')).toMatchObject({ kind: 'sanctions', coincidence: true });
    expect(hit('uk-sanctions')).toMatchObject({ coincidence: true });
    const lukashenko = await t.post('admin', '/api/search/individual', {
      name: 'Alexander Lukashenko',
      personType: 'natural',
    });
    expect(lukashenko.json().lists.find((l: { listId: string }) => l.listId === 'eu-fsf').coincidence).toBe(true);
    const kim = await t.post('admin', '/api/search/individual', { name: 'Kim Jong-un' });
    expect(kim.json().lists.find((l: { listId: string }) => l.listId === 'opensanctions').coincidence).toBe(true);
    // the entry whole for the hit detail, with its addresses and listing date
    const entry = await t.get('frontdesk', '/api/screening/lists/eu-fsf/entries/13155');
    expect(entry.json()).toMatchObject({
      listedOn: '2020-10-06',
      addresses: ['Karla Marksa 38, Minsk, 220016, BELARUS'],
    });
  });
});
