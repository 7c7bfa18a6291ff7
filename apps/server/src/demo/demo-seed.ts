import {
  FichaCreateBody,
  localeOf,
  OperationCreateBody,
  RelationshipCreateBody,
  type Role,
  translate,
} from '@regcheck/shared';
import { cnpjCheckDigits } from '@regcheck/shared/documents/cnpj';
import { cpfCheckDigits } from '@regcheck/shared/documents/cpf';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { DEMO_COMPANIES, demoEmail } from '../bootstrap';
import { withSystem, withTenant } from '../db/tenant';
import * as fichas from '../modules/fichas/fichas.service';
import { fullNameOf } from '../modules/fichas/fichas.validation';
import * as notifications from '../modules/monitoring/notifications.repo';
import { finishOperation } from '../modules/operations/operations.lifecycle';
import { createOperation } from '../modules/operations/operations.service';
import * as relationships from '../modules/relationships/relationships.service';
import type { AppDeps, AuthContext } from '../plugins/context';

/** RUT with its check digit, e.g. rut('12345678') -> '12345678-5'. */
export const rut = (body: string) => `${body}-${rutCheckDigit(body)}`;
export const cpf = (base: string) => `${base}${cpfCheckDigits(base)}`;
export const cnpj = (base: string) => `${base}${cnpjCheckDigits(base)}`;

type FichaInput = Parameters<typeof FichaCreateBody.parse>[0];
type OperationInput = Parameters<typeof OperationCreateBody.parse>[0];

interface Person {
  key: string;
  ficha: FichaInput;
}

interface Relation {
  ficha: string;
  related: string;
  relationType: 'representant' | 'beneficiary' | 'both' | 'partners';
  participation?: number;
}

interface DemoOperation {
  daysAgo: number;
  divisa: 'CLP' | 'UF' | 'BRL';
  transactionType: string;
  referenceNumber: string;
  comments: string;
  participants: { key: string; monto: number; efective?: number }[];
  tags?: string[];
  ros?: string;
  finish?: boolean;
}

interface DemoData {
  people: Person[];
  relations: Relation[];
  operations: DemoOperation[];
  /** the person whose name matches a sanctions entry: a notification is raised for it */
  sanctioned?: string;
}

const natural = (
  key: string,
  dni: string,
  name: string,
  fatherName: string,
  motherName: string,
  extra: Partial<FichaInput> = {},
): Person => ({
  key,
  ficha: {
    personType: 'natural',
    dni,
    dniType: { country: 'CL', document: 'RUT' },
    name,
    fatherName,
    motherName,
    ...extra,
  },
});
const legal = (key: string, dni: string, socialReason: string, extra: Partial<FichaInput> = {}): Person => ({
  key,
  ficha: { personType: 'legal', dni, dniType: { country: 'CL', document: 'RUT' }, socialReason, ...extra },
});
const tags = (...names: string[]) => names.map((name) => ({ name }));

/** Chile: 8 natural and 4 legal persons, 6 operations in CLP and UF. */
export const CHILE: DemoData = {
  people: [
    natural('mjgonzalez', rut('12345678'), 'María José', 'González', 'Muñoz', {
      gender: 'female',
      nationality: 'CL',
      birthDate: '1981-04-12',
      email: 'mjgonzalez@demo-cliente.cl',
      phone: '+56 9 8765 4321',
      address: 'Av. Providencia 1234, of. 56',
      commune: 'Providencia',
      city: 'Santiago',
      region: 'Metropolitana',
      position: 'Gerente general',
      tags: tags('Cliente preferente'),
    }),
    natural('jprodriguez', rut('10987654'), 'Juan Pablo', 'Rodríguez', 'Pérez', {
      gender: 'male',
      nationality: 'CL',
      birthDate: '1975-09-30',
      email: 'jprodriguez@demo-cliente.cl',
      commune: 'Las Condes',
      city: 'Santiago',
      position: 'Empresario',
      income: 6_500_000,
    }),
    natural('cfernandez', rut('9876543'), 'Camila Andrea', 'Fernández', 'Soto', {
      gender: 'female',
      nationality: 'CL',
      birthDate: '1970-02-08',
      email: 'cfernandez@demo-cliente.cl',
      position: 'Diputada de la República',
      pepStatus: 'direct',
      pepLevel: 1,
      tags: tags('PEP', 'Revisión anual'),
    }),
    natural('jimunoz', rut('15234876'), 'José Ignacio', 'Muñoz', 'Díaz', {
      gender: 'male',
      nationality: 'CL',
      birthDate: '1988-11-21',
      email: 'jimunoz@demo-cliente.cl',
      commune: 'Ñuñoa',
      city: 'Santiago',
      position: 'Comerciante',
    }),
    natural('vrojas', rut('16789012'), 'Valentina Ignacia', 'Rojas', 'Araya', {
      gender: 'female',
      nationality: 'CL',
      birthDate: '1990-06-15',
      email: 'vrojas@demo-cliente.cl',
      city: 'Concepción',
      region: 'Biobío',
      position: 'Ingeniera comercial',
    }),
    natural('sperez', rut('22456789'), 'Sebastián Andrés', 'Pérez', 'Contreras', {
      gender: 'male',
      nationality: 'AR',
      countryOfResidence: 'CL',
      birthDate: '1985-03-03',
      email: 'sperez@demo-cliente.cl',
      city: 'Viña del Mar',
      position: 'Importador',
    }),
    natural('fsoto', rut('24567123'), 'Francisca Belén', 'Soto', 'Núñez', {
      gender: 'female',
      nationality: 'PE',
      countryOfResidence: 'CL',
      birthDate: '1993-12-01',
      email: 'fsoto@demo-cliente.cl',
      city: 'Antofagasta',
      position: 'Contadora',
    }),
    natural('nmaduro', rut('26543210'), 'Nicolás', 'Maduro', 'Moros', {
      gender: 'male',
      nationality: 'VE',
      birthDate: '1962-11-23',
      email: 'nmaduro@demo-cliente.cl',
      comments: 'Demo: su nombre y nacionalidad coinciden con una entrada de la lista OFAC SDN.',
    }),
    legal('holding', rut('76543210'), 'Holding Austral Limitada', {
      fantasyName: 'Holding Austral',
      nationality: 'CL',
      email: 'contacto@holdingaustral.cl',
      businessType: 'Sociedad de inversiones',
      city: 'Santiago',
    }),
    legal('andes', rut('76123456'), 'Inversiones Los Andes SpA', {
      fantasyName: 'Los Andes Inversiones',
      nationality: 'CL',
      email: 'finanzas@losandes.cl',
      businessType: 'Inversiones inmobiliarias',
      sales: 1_250_000_000,
      city: 'Santiago',
      tags: tags('Cliente preferente', 'Inmobiliario'),
    }),
    legal('nuble', rut('77234567'), 'Comercial Ñuble Limitada', {
      nationality: 'CL',
      email: 'ventas@comercialnuble.cl',
      businessType: 'Comercio al por mayor',
      city: 'Chillán',
      region: 'Ñuble',
    }),
    legal('pacifico', rut('96789012'), 'Exportadora Pacífico S.A.', {
      fantasyName: 'ExPacífico',
      nationality: 'CL',
      email: 'comex@expacifico.cl',
      businessType: 'Exportación de alimentos',
      city: 'Valparaíso',
      tags: tags('Minería', 'Revisión anual'),
    }),
  ],
  relations: [
    { ficha: 'andes', related: 'mjgonzalez', relationType: 'representant' },
    { ficha: 'andes', related: 'jprodriguez', relationType: 'beneficiary', participation: 55 },
    // Holding Austral owns 45% of Los Andes; Valentina Rojas owns 80% of the holding: 36% of Los Andes, indirectly
    { ficha: 'andes', related: 'holding', relationType: 'partners', participation: 45 },
    { ficha: 'holding', related: 'vrojas', relationType: 'both', participation: 80 },
    { ficha: 'nuble', related: 'jimunoz', relationType: 'representant' },
    { ficha: 'nuble', related: 'sperez', relationType: 'beneficiary', participation: 60 },
    { ficha: 'pacifico', related: 'fsoto', relationType: 'representant' },
    { ficha: 'pacifico', related: 'cfernandez', relationType: 'beneficiary', participation: 30 },
  ],
  operations: [
    {
      daysAgo: 40,
      divisa: 'UF',
      transactionType: 'Crédito hipotecario',
      referenceNumber: 'HIP-2024-0081',
      comments: 'Crédito para la compra de una vivienda en Concepción.',
      participants: [
        { key: 'mjgonzalez', monto: 2_400 },
        { key: 'vrojas', monto: 1_100 },
      ],
      finish: true,
    },
    {
      daysAgo: 21,
      divisa: 'CLP',
      transactionType: 'Compraventa de acciones',
      referenceNumber: 'CV-00452',
      comments: 'Compra de acciones de una sociedad anónima cerrada.',
      participants: [
        { key: 'andes', monto: 30_000_000 },
        { key: 'jprodriguez', monto: 45_000_000 },
      ],
      tags: ['Inversiones'],
    },
    {
      daysAgo: 14,
      divisa: 'CLP',
      transactionType: 'Depósito en efectivo',
      referenceNumber: 'DEP-7781',
      comments: 'Depósito en efectivo sobre el umbral de ROE.',
      participants: [{ key: 'jimunoz', monto: 18_500_000, efective: 18_500_000 }],
    },
    {
      daysAgo: 9,
      divisa: 'UF',
      transactionType: 'Arriendo de inmueble',
      referenceNumber: 'ARR-118',
      comments: 'Arriendo de bodega en Chillán por 12 meses.',
      participants: [{ key: 'nuble', monto: 120 }],
    },
    {
      daysAgo: 5,
      divisa: 'CLP',
      transactionType: 'Pago a proveedores',
      referenceNumber: 'PP-3310',
      comments: 'Pago de exportación con tres participantes.',
      participants: [
        { key: 'pacifico', monto: 22_000_000 },
        { key: 'cfernandez', monto: 4_000_000 },
        { key: 'sperez', monto: 2_500_000, efective: 500_000 },
      ],
      tags: ['Exportación'],
    },
    {
      daysAgo: 2,
      divisa: 'CLP',
      transactionType: 'Transferencia internacional',
      referenceNumber: 'TI-9902',
      comments: 'Transferencia a una cuenta en el extranjero.',
      participants: [{ key: 'nmaduro', monto: 9_800_000 }],
      ros: 'Cliente coincide con la lista OFAC SDN y la transferencia no tiene justificación económica aparente.',
    },
  ],
  sanctioned: 'nmaduro',
};

/** A Brazilian natural person: CPF from its base (check digits added), Brazilian nationality. */
const brNatural = (
  key: string,
  cpfBase: string,
  name: string,
  fatherName: string,
  motherName: string,
  extra: Partial<FichaInput>,
) =>
  natural(key, cpf(cpfBase), name, fatherName, motherName, {
    dniType: { country: 'BR', document: 'CPF' },
    nationality: 'BR',
    ...extra,
  });
/** A Brazilian legal person: CNPJ from its base (check digits added), Brazilian nationality. */
const brLegal = (key: string, cnpjBase: string, socialReason: string, extra: Partial<FichaInput>) =>
  legal(key, cnpj(cnpjBase), socialReason, {
    dniType: { country: 'BR', document: 'CNPJ' },
    nationality: 'BR',
    ...extra,
  });

/** Brazil: 4 natural and 2 legal persons (one alphanumeric CNPJ), 3 operations in BRL. */
export const BRAZIL: DemoData = {
  people: [
    brNatural('jsilva', '123456789', 'João Carlos', 'da Silva', 'Santos', {
      gender: 'male',
      birthDate: '1979-05-17',
      email: 'joao.silva@demo-cliente.com.br',
      city: 'São Paulo',
      region: 'SP',
      position: 'Diretor financeiro',
    }),
    brNatural('aoliveira', '987654321', 'Ana Beatriz', 'Oliveira', 'Costa', {
      gender: 'female',
      birthDate: '1986-08-09',
      email: 'ana.oliveira@demo-cliente.com.br',
      city: 'Rio de Janeiro',
      region: 'RJ',
      tags: tags('Cliente preferencial'),
    }),
    brNatural('lpereira', '456123789', 'Luís Fernando', 'Pereira', 'Lima', {
      gender: 'male',
      birthDate: '1968-01-25',
      email: 'luis.pereira@demo-cliente.com.br',
      city: 'Belo Horizonte',
      region: 'MG',
      position: 'Empresário',
    }),
    brNatural('mgoncalves', '321654987', 'Mariana', 'Gonçalves', 'Rocha', {
      gender: 'female',
      birthDate: '1995-10-30',
      email: 'mariana.rocha@demo-cliente.com.br',
      city: 'Curitiba',
      region: 'PR',
    }),
    brLegal('paulista', '112223330001', 'Comércio Paulista Ltda', {
      fantasyName: 'Paulista Atacado',
      email: 'contato@comerciopaulista.com.br',
      businessType: 'Comércio atacadista',
      city: 'São Paulo',
    }),
    brLegal('aurora', '12ABC34501DE', 'Tecnologia Aurora S.A.', {
      fantasyName: 'Aurora Tech',
      email: 'financeiro@auroratech.com.br',
      businessType: 'Software',
      city: 'Florianópolis',
      tags: tags('Tecnologia'),
    }),
  ],
  relations: [
    { ficha: 'paulista', related: 'jsilva', relationType: 'representant' },
    { ficha: 'paulista', related: 'lpereira', relationType: 'beneficiary', participation: 70 },
    { ficha: 'aurora', related: 'aoliveira', relationType: 'both', participation: 35 },
  ],
  operations: [
    {
      daysAgo: 30,
      divisa: 'BRL',
      transactionType: 'Compra de imóvel',
      referenceNumber: 'IMV-2210',
      comments: 'Compra de sala comercial em São Paulo.',
      participants: [
        { key: 'jsilva', monto: 850_000 },
        { key: 'paulista', monto: 400_000 },
      ],
      finish: true,
    },
    {
      daysAgo: 12,
      divisa: 'BRL',
      transactionType: 'Depósito em espécie',
      referenceNumber: 'DEP-0937',
      comments: 'Depósito em espécie acima do limite de comunicação.',
      participants: [{ key: 'mgoncalves', monto: 95_000, efective: 95_000 }],
    },
    {
      daysAgo: 3,
      divisa: 'BRL',
      transactionType: 'Contrato de serviços',
      referenceNumber: 'CS-5521',
      comments: 'Licenças de software por 24 meses.',
      participants: [
        { key: 'aurora', monto: 310_000 },
        { key: 'aoliveira', monto: 15_000 },
      ],
      tags: ['Tecnologia'],
    },
  ],
};

const DEMO_DATA: Record<string, DemoData> = { cl: CHILE, br: BRAZIL };

/** The company's demo administrator as a signed-in caller, the way the request hooks build it. */
async function adminAuth(deps: AppDeps, companyKey: string): Promise<AuthContext> {
  return withSystem(deps.db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', demoEmail('admin', companyKey))
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!user?.companyId) throw new Error(`demo administrator of ${companyKey} not found`);
    const company = await trx.selectFrom('companies').selectAll().where('id', '=', user.companyId).executeTakeFirst();
    if (!company) throw new Error(`demo company ${companyKey} not found`);
    return {
      userId: user.id,
      sessionId: '00000000-0000-0000-0000-000000000000',
      role: user.role as Role,
      companyId: company.id,
      company,
      user,
    };
  });
}

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export interface DemoSeedReport {
  companies: { key: string; fichas: number; relationships: number; operations: number; notifications: number }[];
  ms: number;
}

async function seedCompany(deps: AppDeps, companyKey: string, data: DemoData, now: Date) {
  const auth = await adminAuth(deps, companyKey);
  const ctx = fichas.ctxOf(auth, { id: 'demo-seed' });
  const ids = new Map<string, { id: string; dni: string; type: 'natural' | 'legal' }>();
  for (const p of data.people) {
    const row = await fichas.create(deps, ctx, FichaCreateBody.parse(p.ficha));
    ids.set(p.key, { id: row.id, dni: row.dni, type: row.personType });
  }
  const idOf = (key: string) => {
    const f = ids.get(key);
    if (!f) throw new Error(`demo seed: unknown person ${key}`);
    return f;
  };
  for (const r of data.relations) {
    await relationships.create(
      deps,
      ctx,
      RelationshipCreateBody.parse({
        fichaId: idOf(r.ficha).id,
        relatedFichaId: idOf(r.related).id,
        relationType: r.relationType,
        participation: r.participation,
      }),
    );
  }
  const notified = data.sanctioned ? await notifyMatch(deps, auth, idOf(data.sanctioned).id) : 0;
  const caller = { auth, requestId: 'demo-seed' };
  for (const op of data.operations) {
    const body: OperationInput = {
      divisa: op.divisa,
      transactionType: op.transactionType,
      transactionDate: day(now, op.daysAgo),
      referenceNumber: op.referenceNumber,
      transactionComments: op.comments,
      tags: op.tags?.map((name) => ({ name })),
      ros: op.ros ? true : undefined,
      rosReason: op.ros,
      associates: op.participants.map((p) => {
        const f = idOf(p.key);
        return { dni: f.dni, type: f.type, fichaId: f.id, monto: p.monto, efective: p.efective ?? 0 };
      }),
    };
    const created = await createOperation(deps, caller, OperationCreateBody.parse(body));
    if (op.finish) await finishOperation(deps, caller, created.id);
  }
  return {
    key: companyKey,
    fichas: data.people.length,
    relationships: data.relations.length,
    operations: data.operations.length,
    notifications: notified,
  };
}

/**
 * The notification the list monitoring raises for a new match (same kind and wording). The monitoring only notifies
 * matches that appear after a ficha was screened; the demo person is screened at creation, so it is recorded here.
 */
const SANCTIONS_LISTS = ['ofac', 'onu'];

async function notifyMatch(deps: AppDeps, auth: AuthContext, fichaId: string): Promise<number> {
  const companyId = auth.companyId as string;
  const ficha = fichas.toFichaView(await fichas.get(deps, fichas.ctxOf(auth), fichaId));
  const locale = localeOf(auth.company?.language ?? 'es');
  let n = 0;
  await withTenant(deps.db, companyId, async (trx) => {
    for (const list of ficha.listas?.lists ?? []) {
      if (!SANCTIONS_LISTS.includes(list.listId)) continue;
      const hit = list.coincidence ? list.hits.find((h) => !h.dismissed) : undefined;
      if (!hit) continue;
      const name = fullNameOf(ficha);
      await notifications.insertNotification(trx, {
        companyId,
        fichaId,
        kind: 'monitoring.match',
        title: translate(locale, 'fichas:notifications.newMatchTitle', { name }),
        description: translate(locale, 'fichas:notifications.newMatchDescription', {
          name,
          dni: ficha.dni,
          matchedName: hit.name,
          listName: list.listName,
          score: hit.score.toFixed(2),
        }),
        data: JSON.stringify({ listId: list.listId, entityId: hit.entityId, score: hit.score }),
      });
      n++;
    }
  });
  return n;
}

/**
 * Demo customers for the two demo companies, created through the real services as each company's demo administrator
 * (validation, screening, risk and audit apply): fichas with related persons, operations (one finished, one with
 * cash above the ROE threshold, one marked ROS) and a sanctions match. Called once, right after the first start
 * created the demo accounts on an empty database; deterministic (dates relative to `now`).
 */
export async function seedDemo(deps: AppDeps, now = new Date()): Promise<DemoSeedReport> {
  const t0 = Date.now();
  const companies = [];
  for (const c of DEMO_COMPANIES) {
    const data = DEMO_DATA[c.key];
    if (data) companies.push(await seedCompany(deps, c.key, data, now));
  }
  return { companies, ms: Date.now() - t0 };
}
