import { type Kysely, sql } from 'kysely';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * The super administrator's company area (issue 13): the catalogue of commercial activities (the sectors of obliged
 * subjects under the UAF and COAF rules) and each company's activity, the company's signatures (an image with the
 * signer's name and title, an active flag and an order), and the course links every company user reads.
 */
const ACTIVITIES: [string, string, string, string][] = [
  [
    'banking',
    'Bancos e instituciones financieras',
    'Bancos e instituições financeiras',
    'Banks and financial institutions',
  ],
  ['exchange', 'Casas de cambio', 'Casas de câmbio', 'Currency exchange'],
  [
    'money-transfer',
    'Empresas de transferencia de dinero y remesas',
    'Empresas de transferência de dinheiro e remessas',
    'Money transfer and remittances',
  ],
  [
    'payments',
    'Emisores y operadores de medios de pago',
    'Emissores e operadores de meios de pagamento',
    'Payment card issuers and operators',
  ],
  ['cooperatives', 'Cooperativas de ahorro y crédito', 'Cooperativas de crédito', 'Savings and credit cooperatives'],
  [
    'securities',
    'Corredores de bolsa y agentes de valores',
    'Corretoras e distribuidoras de valores',
    'Securities brokers and dealers',
  ],
  ['fund-managers', 'Administradoras de fondos', 'Administradoras de fundos', 'Fund managers'],
  ['insurance', 'Compañías de seguros', 'Seguradoras', 'Insurance companies'],
  ['insurance-brokers', 'Corredores de seguros', 'Corretoras de seguros', 'Insurance brokers'],
  [
    'pension-funds',
    'Administradoras de fondos de pensiones',
    'Entidades de previdência complementar',
    'Pension fund managers',
  ],
  ['leasing-factoring', 'Leasing y factoring', 'Leasing e factoring', 'Leasing and factoring'],
  [
    'crypto',
    'Proveedores de servicios de activos virtuales',
    'Prestadores de serviços de ativos virtuais',
    'Virtual asset service providers',
  ],
  ['casinos', 'Casinos, salas de juego e hipódromos', 'Cassinos, jogos e apostas', 'Casinos, gaming and betting'],
  ['lotteries', 'Loterías', 'Loterias', 'Lotteries'],
  [
    'real-estate',
    'Corredores de propiedades y empresas inmobiliarias',
    'Corretores e empresas imobiliárias',
    'Real estate brokers and developers',
  ],
  ['construction', 'Construcción', 'Construção civil', 'Construction'],
  ['notaries', 'Notarías y conservadores', 'Cartórios', 'Notaries and registrars'],
  [
    'lawyers-accountants',
    'Abogados, contadores y auditores',
    'Advogados, contadores e auditores',
    'Lawyers, accountants and auditors',
  ],
  [
    'trust-services',
    'Servicios fiduciarios y constitución de sociedades',
    'Serviços fiduciários e constituição de empresas',
    'Trust and company service providers',
  ],
  ['vehicles', 'Compraventa de vehículos', 'Comércio de veículos', 'Vehicle dealers'],
  [
    'precious-goods',
    'Comercio de metales y piedras preciosas, joyas',
    'Comércio de metais e pedras preciosas, joias',
    'Precious metals, stones and jewellery',
  ],
  ['art-antiques', 'Comercio de arte y antigüedades', 'Comércio de arte e antiguidades', 'Art and antiques dealers'],
  ['free-zone', 'Usuarios de zonas francas', 'Usuários de zonas francas', 'Free trade zone users'],
  ['customs-agents', 'Agentes de aduana', 'Despachantes aduaneiros', 'Customs agents'],
  ['sports', 'Sociedades anónimas deportivas', 'Clubes e sociedades anônimas do futebol', 'Sports clubs and companies'],
  ['public-sector', 'Organismos públicos', 'Órgãos públicos', 'Public bodies'],
  ['retail', 'Comercio minorista', 'Comércio varejista', 'Retail trade'],
  ['manufacturing', 'Industria manufacturera', 'Indústria de transformação', 'Manufacturing'],
  ['mining', 'Minería', 'Mineração', 'Mining'],
  [
    'agriculture',
    'Agricultura, ganadería y pesca',
    'Agricultura, pecuária e pesca',
    'Agriculture, livestock and fishing',
  ],
  ['other', 'Otra actividad', 'Outra atividade', 'Other activity'],
];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table commercial_activities (
      id uuid primary key default gen_random_uuid(),
      code text not null unique,
      name_es text not null,
      name_pt text not null,
      name_en text not null,
      position integer not null,
      active boolean not null default true
    );
    insert into commercial_activities (code, name_es, name_pt, name_en, position) values
    ${ACTIVITIES.map((a, i) => `(${a.map(q).join(', ')}, ${i + 1})`).join(',\n    ')};
    alter table companies add column commercial_activity_id uuid references commercial_activities(id);
    create table company_signatures (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      signer_name text not null,
      signer_title text not null default '',
      image_key text not null,
      active boolean not null default true,
      position integer not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index company_signatures_company_idx on company_signatures (company_id, position);
    create table courses (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      url text not null,
      description text not null default '',
      language text,
      active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_by uuid,
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
  `,
  );
  await tenantPolicy(db, 'company_signatures');
  await sql.raw('grant select, insert, update, delete on company_signatures to regcheck_app').execute(db);
  await sql.raw('grant select on commercial_activities, courses to regcheck_app').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists courses').execute(db);
  await sql.raw('drop table if exists company_signatures').execute(db);
  await sql.raw('alter table companies drop column if exists commercial_activity_id').execute(db);
  await sql.raw('drop table if exists commercial_activities').execute(db);
}
