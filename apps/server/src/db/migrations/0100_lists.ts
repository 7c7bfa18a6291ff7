import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Screening lists: global list sources (OFAC, UN, FATF...), their imported versions (one active per source) and
 * entities; and the company lists screening also consults (list of interest, blacklist with reasons), plus the
 * search log. FATF countries and preferential tax regimes are seeded as dated data (DOMAIN.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table list_sources (
      id text primary key,
      name text not null,
      kind text not null check (kind in ('sanctions','pep','risk','company')),
      format text not null,
      source_url text,
      fetch_enabled boolean not null default false,
      revision bigint not null default 0,
      last_fetched_at timestamptz,
      last_fetch_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table list_versions (
      id bigserial primary key,
      source_id text not null references list_sources(id),
      label text not null,
      format text not null,
      origin text not null check (origin in ('upload','fetch','snapshot','manual','default')),
      status text not null default 'importing' check (status in ('importing','active','failed','superseded')),
      entity_count integer not null default 0,
      error_count integer not null default 0,
      errors jsonb not null default '[]'::jsonb,
      checksum text,
      job_id uuid,
      created_by uuid,
      created_at timestamptz not null default now(),
      imported_at timestamptz,
      activated_at timestamptz
    );
    create unique index list_versions_one_active on list_versions (source_id) where status = 'active';
    create index list_versions_source_idx on list_versions (source_id, id desc);

    create table list_files (
      version_id bigint primary key references list_versions(id) on delete cascade,
      content bytea not null
    );

    create table list_entities (
      version_id bigint not null references list_versions(id) on delete cascade,
      entity_id text not null,
      schema text not null default 'Unknown',
      names jsonb not null default '[]'::jsonb,
      identifiers jsonb not null default '[]'::jsonb,
      birth_dates jsonb not null default '[]'::jsonb,
      countries jsonb not null default '[]'::jsonb,
      programs jsonb not null default '[]'::jsonb,
      remarks text,
      fields jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now(),
      primary key (version_id, entity_id)
    );

    create table list_interns (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      dni text not null,
      dni_key text not null,
      name text,
      person_type text not null default 'natural' check (person_type in ('natural','legal')),
      reason text,
      other_reason text,
      country text,
      is_active boolean not null default true,
      registered_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid
    );
    create unique index list_interns_dni_key on list_interns (company_id, dni_key) where is_active;
    create index list_interns_company_idx on list_interns (company_id, created_at desc);

    create table blacklist_reasons (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      text text not null,
      is_active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index blacklist_reasons_company_idx on blacklist_reasons (company_id);

    create table blacklists (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      dni text not null,
      dni_key text not null,
      name text,
      person_type text not null default 'natural' check (person_type in ('natural','legal')),
      country text,
      reason_id uuid references blacklist_reasons(id),
      comment text,
      status text not null default 'active' check (status in ('active','inactive')),
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid
    );
    create index blacklists_company_idx on blacklists (company_id, status, created_at desc);
    create index blacklists_dni_idx on blacklists (company_id, dni_key);

    create table search_logs (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      user_id uuid,
      kind text not null default 'individual',
      name text,
      dni text,
      person_type text,
      country text,
      query jsonb not null default '{}'::jsonb,
      total integer not null default 0,
      coincidences jsonb not null default '[]'::jsonb,
      comment text,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by uuid
    );
    create index search_logs_company_idx on search_logs (company_id, created_at desc);
  `,
  );
  for (const t of ['list_interns', 'blacklist_reasons', 'blacklists', 'search_logs']) {
    await tenantPolicy(db, t);
    await sql.raw(`grant select, insert, update, delete on ${t} to ${APP_ROLE}`).execute(db);
  }
  await sql.raw(`grant select on list_sources, list_versions, list_entities to ${APP_ROLE}`).execute(db);

  for (const s of SOURCES) {
    await sql`insert into list_sources (id, name, kind, format, source_url)
      values (${s.id}, ${s.name}, ${s.kind}, ${s.format}, ${s.url ?? null})`.execute(db);
  }
  await seedDefault(db, 'gafi', FATF_LABEL, FATF);
  await seedDefault(db, 'rtp', RTP_LABEL, RTP);
}

async function seedDefault(
  db: Kysely<unknown>,
  sourceId: string,
  label: string,
  rows: { code: string; name: string; reason: string }[],
) {
  const v = await sql<{ id: string }>`insert into list_versions
      (source_id, label, format, origin, status, entity_count, imported_at, activated_at)
      values (${sourceId}, ${label}, 'manual', 'default', 'active', ${rows.length}, now(), now()) returning id`.execute(
    db,
  );
  const versionId = v.rows[0]?.id as string;
  for (const r of rows) {
    const fields = { name: r.name, nationality: r.name, country: r.code, reason: r.reason };
    await sql`insert into list_entities (version_id, entity_id, schema, names, countries, remarks, fields)
      values (${versionId}, ${r.code}, 'Unknown', ${JSON.stringify([r.name])}::jsonb,
              ${JSON.stringify([r.code])}::jsonb, ${r.reason}, ${JSON.stringify(fields)}::jsonb)`.execute(db);
  }
  await sql`update list_sources set revision = revision + 1 where id = ${sourceId}`.execute(db);
}

const SOURCES: { id: string; name: string; kind: string; format: string; url?: string }[] = [
  {
    id: 'ofac',
    name: 'OFAC SDN',
    kind: 'sanctions',
    format: 'ofac-csv',
    url: 'https://www.treasury.gov/ofac/downloads/sdn.csv',
  },
  {
    id: 'onu',
    name: 'UN Security Council consolidated list',
    kind: 'sanctions',
    format: 'un-xml',
    url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
  },
  { id: 'interpol', name: 'Interpol', kind: 'risk', format: 'entities-csv' },
  { id: 'pdi', name: 'PDI Chile', kind: 'risk', format: 'entities-csv' },
  { id: 'gafi', name: 'FATF (GAFI) countries', kind: 'risk', format: 'entities-csv' },
  { id: 'rtp', name: 'Preferential tax regimes', kind: 'risk', format: 'entities-csv' },
  { id: 'keywords', name: 'Keywords', kind: 'risk', format: 'entities-csv' },
  { id: 'pep-br', name: 'PEP Brazil (Portal da Transparência)', kind: 'pep', format: 'pep-br-csv' },
];

const FATF_LABEL = 'FATF plenary February 2026';
const CALL = 'call for action';
const MONITOR = 'increased monitoring';
/** DOMAIN.md, "FATF lists (as of the February 2026 plenary)". */
const FATF = [
  { code: 'KP', name: "Democratic People's Republic of Korea", reason: CALL },
  { code: 'IR', name: 'Iran', reason: CALL },
  { code: 'MM', name: 'Myanmar', reason: CALL },
  { code: 'DZ', name: 'Algeria', reason: MONITOR },
  { code: 'AO', name: 'Angola', reason: MONITOR },
  { code: 'BO', name: 'Bolivia', reason: MONITOR },
  { code: 'BG', name: 'Bulgaria', reason: MONITOR },
  { code: 'CM', name: 'Cameroon', reason: MONITOR },
  { code: 'CI', name: "Cote d'Ivoire", reason: MONITOR },
  { code: 'CD', name: 'Democratic Republic of the Congo', reason: MONITOR },
  { code: 'HT', name: 'Haiti', reason: MONITOR },
  { code: 'KE', name: 'Kenya', reason: MONITOR },
  { code: 'KW', name: 'Kuwait', reason: MONITOR },
  { code: 'LA', name: 'Lao PDR', reason: MONITOR },
  { code: 'LB', name: 'Lebanon', reason: MONITOR },
  { code: 'MC', name: 'Monaco', reason: MONITOR },
  { code: 'NA', name: 'Namibia', reason: MONITOR },
  { code: 'NP', name: 'Nepal', reason: MONITOR },
  { code: 'PG', name: 'Papua New Guinea', reason: MONITOR },
  { code: 'SS', name: 'South Sudan', reason: MONITOR },
  { code: 'SY', name: 'Syria', reason: MONITOR },
  { code: 'VE', name: 'Venezuela', reason: MONITOR },
  { code: 'VN', name: 'Vietnam', reason: MONITOR },
  { code: 'VG', name: 'British Virgin Islands', reason: MONITOR },
  { code: 'YE', name: 'Yemen', reason: MONITOR },
];

const RTP_LABEL = 'Brazil IN RFB 1.037/2010 art. 1 (default; review against the current text)';
const TAX = 'favoured taxation';
/** Jurisdictions with favoured taxation of Brazil's IN RFB 1.037/2010, art. 1: a default to review. */
const RTP = [
  ['AD', 'Andorra'],
  ['AI', 'Anguilla'],
  ['AG', 'Antigua and Barbuda'],
  ['AW', 'Aruba'],
  ['BS', 'Bahamas'],
  ['BH', 'Bahrain'],
  ['BB', 'Barbados'],
  ['BZ', 'Belize'],
  ['BM', 'Bermuda'],
  ['BN', 'Brunei'],
  ['KY', 'Cayman Islands'],
  ['CK', 'Cook Islands'],
  ['DJ', 'Djibouti'],
  ['DM', 'Dominica'],
  ['PF', 'French Polynesia'],
  ['GI', 'Gibraltar'],
  ['GD', 'Grenada'],
  ['GG', 'Guernsey'],
  ['HK', 'Hong Kong'],
  ['IM', 'Isle of Man'],
  ['JE', 'Jersey'],
  ['KI', 'Kiribati'],
  ['LB', 'Lebanon'],
  ['LR', 'Liberia'],
  ['LI', 'Liechtenstein'],
  ['MO', 'Macau'],
  ['MV', 'Maldives'],
  ['MH', 'Marshall Islands'],
  ['MU', 'Mauritius'],
  ['MC', 'Monaco'],
  ['MS', 'Montserrat'],
  ['NR', 'Nauru'],
  ['NU', 'Niue'],
  ['PA', 'Panama'],
  ['KN', 'Saint Kitts and Nevis'],
  ['LC', 'Saint Lucia'],
  ['VC', 'Saint Vincent and the Grenadines'],
  ['WS', 'Samoa'],
  ['SM', 'San Marino'],
  ['SC', 'Seychelles'],
  ['SB', 'Solomon Islands'],
  ['TO', 'Tonga'],
  ['TC', 'Turks and Caicos Islands'],
  ['VU', 'Vanuatu'],
  ['VG', 'British Virgin Islands'],
  ['VI', 'United States Virgin Islands'],
].map(([code, name]) => ({ code: code as string, name: name as string, reason: TAX }));

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'drop table if exists search_logs, blacklists, blacklist_reasons, list_interns, list_entities, list_files, list_versions, list_sources cascade',
    )
    .execute(db);
}
