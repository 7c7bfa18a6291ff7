import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fixture, importList } from './fixtures/import-fixture';
import { parseListFile } from './lists.parse';

/*
 * Per-line reports of the EU and UK importers (issue 15): an entry the parsers would have skipped without a word (no
 * id, no name, a broken row) is reported with the line it starts on and what is wrong, the version fails, and the
 * version in force stays in force.
 */
const bytes = (s: string) => new TextEncoder().encode(s);
/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not in the fixture: ${needle}`);
  return text.slice(0, at).split('\n').length;
};

describe('EU FSF XML', () => {
  const eu = fixture('eu-fsf-small.xml');

  it('reports an entry with no id and an entry with no name, each on its line', () => {
    const noId = eu.replace('euReferenceNumber="EU.8265.12" logicalId="142001"', 'euReferenceNumber="" logicalId=""');
    const r = parseListFile('eu-fsf-xml', bytes(noId), 'eu-fsf');
    expect(r.entities).toEqual([]);
    expect(r.errors).toEqual([
      {
        line: lineOf(eu, 'logicalId="142001"'),
        message: 'sanctionEntity 2 has no logicalId nor euReferenceNumber',
        text: expect.stringContaining('designationDetails'),
      },
    ]);
    // the first entity's names emptied: every nameAlias without a name
    const first = eu.slice(eu.indexOf('<sanctionEntity'), eu.indexOf('</sanctionEntity>'));
    const unnamed = eu.replace(first, first.replace(/ (wholeName|firstName|middleName|lastName)="[^"]*"/g, ` $1=""`));
    const u = parseListFile('eu-fsf-xml', bytes(unnamed), 'eu-fsf');
    expect(u.errors).toEqual([
      {
        line: lineOf(eu, '<sanctionEntity'),
        message: 'sanctionEntity 1 (EU.6138.52) has no name (no nameAlias with a name)',
        text: expect.any(String),
      },
    ]);
    // the unchanged file reports nothing
    expect(parseListFile('eu-fsf-xml', bytes(eu), 'eu-fsf').errors).toEqual([]);
  });
});

describe('UK sanctions list XML', () => {
  const uk = fixture('uk-sanctions-small.xml');

  it('reports a Designation with no UniqueID and one with no name, each on its line', () => {
    const noId = uk.replace('<UniqueID>RUS1234</UniqueID>', '<UniqueID></UniqueID>');
    expect(parseListFile('uk-sanctions-xml', bytes(noId), 'uk-sanctions').errors).toEqual([
      {
        line: lineOf(uk, '<Designation>\n    <DateDesignated>15/03'),
        message: 'Designation 2 has no UniqueID',
        text: expect.any(String),
      },
    ]);
    const unnamed = uk.replace('<Name6>NS CHAMPION</Name6>', '<Name6> </Name6>');
    const r = parseListFile('uk-sanctions-xml', bytes(unnamed), 'uk-sanctions');
    expect(r.entities).toEqual([]);
    expect(r.errors).toEqual([
      {
        line: lineOf(uk, '<Designation>\n    <DateDesignated>15/03'),
        message: 'Designation 2 (RUS1234) has no name',
        text: expect.any(String),
      },
    ]);
    expect(parseListFile('uk-sanctions-xml', bytes(uk), 'uk-sanctions').errors).toEqual([]);
  });
});

describe('UK OFSI consolidated CSV', () => {
  const ofsi = fixture('uk-ofsi-small.csv');

  it('reports a row with a missing field, a Group ID that is not a number and a row without a name, by line', () => {
    const lines = ofsi.split('\n');
    const header = lines.findIndex((l) => l.includes('Group ID'));
    const fields = (lines[header] as string).split(',').length;
    const blankNames = `,,,,,,,,,,,,,,,,,,,,,,,,,,,,Individual,AKA,,Venezuela,22/01/2018,31/12/2020,31/12/2020,13601`;
    expect(blankNames.split(',').length).toBe(fields);
    const broken = [
      ...lines.slice(0, header + 1),
      lines[header + 1],
      'SHORT ROW,Only,Three',
      (lines[header + 2] as string).replace(/,13601\s*$/, ',ABC'),
      blankNames,
      ...lines.slice(header + 3),
    ].join('\n');
    const r = parseListFile('uk-ofsi-csv', bytes(broken), 'uk-ofsi');
    expect(r.entities).toEqual([]);
    expect(r.errors).toEqual([
      { line: header + 3, message: `has 3 fields, the header has ${fields}`, text: 'SHORT ROW,Only,Three' },
      {
        line: header + 4,
        message: "the Group ID must be a number, found 'ABC'",
        text: expect.stringContaining('MADURO'),
      },
      { line: header + 5, message: 'Group ID 13601: no name (Name 1 to Name 6 are empty)', text: expect.any(String) },
    ]);
    // a quoted field over two lines counts as one row starting on its first line
    const multi = ofsi.replace('"Leader of the regime."', '"Leader of\nthe regime."');
    expect(parseListFile('uk-ofsi-csv', bytes(multi), 'uk-ofsi').errors).toEqual([]);
    const afterMulti = `${multi.trimEnd()}\n,,x\n`;
    expect(parseListFile('uk-ofsi-csv', bytes(afterMulti), 'uk-ofsi').errors[0]?.line).toBe(
      multi.trimEnd().split('\n').length + 1,
    );
  });
});

const t = useTestApp();

describe('through the import', () => {
  it('a file with a bad entry fails its version with the line report; the version in force stays', async () => {
    const good = await importList(t, 'eu-fsf', fixture('eu-fsf-small.xml'), { label: 'EU good' });
    expect(good).toMatchObject({ status: 'active', entityCount: 2 });
    const eu = fixture('eu-fsf-small.xml');
    const bad = await importList(
      t,
      'eu-fsf',
      eu.replace('euReferenceNumber="EU.8265.12" logicalId="142001"', 'euReferenceNumber="" logicalId=""'),
      { label: 'EU broken' },
    );
    expect(bad.status).toBe('failed');
    expect(bad.errors).toEqual([
      expect.objectContaining({
        line: lineOf(eu, 'logicalId="142001"'),
        message: 'sanctionEntity 2 has no logicalId nor euReferenceNumber',
      }),
    ]);
    expect(bad.entityCount).toBe(0);
    const source = (await t.get('superAdmin', '/api/lists/eu-fsf')).json();
    expect(source.currentVersion?.id).toBe(good.id);
    const r = await t.post('admin', '/api/search/individual', { name: 'Alexander Lukashenko', personType: 'natural' });
    expect(r.json().lists.find((l: { listId: string }) => l.listId === 'eu-fsf').coincidence).toBe(true);

    const ukBad = await importList(t, 'uk-ofsi', fixture('uk-ofsi-small.csv').replace(/,14195\s*\n/, ',\n'), {
      label: 'OFSI broken',
    });
    expect(ukBad.status).toBe('failed');
    expect(ukBad.errors[0]).toMatchObject({ line: 5, message: 'the Group ID is empty' });
  });
});
