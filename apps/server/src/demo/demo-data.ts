import type { FichaCreateBody, OperationCreateBody } from '@regcheck/shared';
import { cnpjCheckDigits } from '@regcheck/shared/documents/cnpj';
import { cpfCheckDigits } from '@regcheck/shared/documents/cpf';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';

// The demo companies' customers, relations and operations: plain data, seeded by demo-seed.ts.

/** RUT with its check digit, e.g. rut('12345678') -> '12345678-5'. */
export const rut = (body: string) => `${body}-${rutCheckDigit(body)}`;
export const cpf = (base: string) => `${base}${cpfCheckDigits(base)}`;
export const cnpj = (base: string) => `${base}${cnpjCheckDigits(base)}`;

export type FichaInput = Parameters<typeof FichaCreateBody.parse>[0];
export type OperationInput = Parameters<typeof OperationCreateBody.parse>[0];

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

export interface DemoData {
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

/** The demo data of each demo company, by its key in DEMO_COMPANIES. */
export const DEMO_DATA: Record<string, DemoData> = { cl: CHILE, br: BRAZIL };
