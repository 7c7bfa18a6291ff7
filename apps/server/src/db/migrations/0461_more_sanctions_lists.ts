import { type Kysely, sql } from 'kysely';

/**
 * More sanctions lists (issue 15): the EU consolidated financial sanctions (FSF XML), the UK OFSI consolidated
 * list (CSV), the UK sanctions list (XML) and the OpenSanctions sanctions dataset (FollowTheMoney JSON lines).
 * Their published addresses are set; the scheduled fetch stays off until the platform turns it on per list.
 */
const SOURCES = [
  {
    id: 'eu-fsf',
    name: 'EU financial sanctions',
    format: 'eu-fsf-xml',
    url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
  },
  {
    id: 'uk-ofsi',
    name: 'UK sanctions (OFSI)',
    format: 'uk-ofsi-csv',
    url: 'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv',
  },
  {
    id: 'uk-sanctions',
    name: 'UK sanctions list',
    format: 'uk-sanctions-xml',
    url: 'https://docs.fcdo.gov.uk/docs/UK-Sanctions-List.xml',
  },
  {
    id: 'opensanctions',
    name: 'OpenSanctions',
    format: 'ftm-jsonl',
    url: 'https://data.opensanctions.org/datasets/latest/sanctions/entities.ftm.json',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) {
    await sql`insert into list_sources (id, name, kind, format, source_url)
      values (${s.id}, ${s.name}, 'sanctions', ${s.format}, ${s.url}) on conflict (id) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) await sql`delete from list_sources where id = ${s.id}`.execute(db);
}
