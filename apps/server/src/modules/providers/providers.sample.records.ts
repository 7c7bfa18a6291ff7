/**
 * Invented answers of the built-in sample provider (REGCHECK_DEMO only) for the generic shapes of docs/providers.md:
 * other restrictions, insolvency bulletin, tax folder, the insurer, and a court case in detail. Every value is
 * derived from the document so a page shows the same sample each time; nothing here is a real person's record.
 */

const digitSum = (s: string) => [...s].reduce((a, c) => a + (c.charCodeAt(0) % 10), 0);
const pad = (n: number) => String(n).padStart(2, '0');

export function restrictionsAnswer(doc: string) {
  const legal = doc.length === 14;
  return {
    sanctions: [
      {
        source: 'CEIS',
        sanction: 'Impedimento/proibição de contratar com prazo determinado',
        organ: 'Prefeitura Municipal de Exemplo',
        process: `${1000 + (digitSum(doc) % 900)}/2023`,
        startDate: '2023-03-15',
        endDate: '2027-03-15',
      },
      {
        source: legal ? 'CNEP' : 'CEAF',
        sanction: legal ? 'Multa - Lei Anticorrupção' : 'Destituição de cargo em comissão',
        organ: 'Controladoria-Geral da União',
        process: '00190.100200/2019-11',
        startDate: '2019-08-02',
        endDate: '2021-08-02',
      },
    ],
    electoralDonations: [
      {
        election: 2022,
        candidate: 'CANDIDATO DE EXEMPLO',
        party: 'PARTIDO EXEMPLO',
        office: 'Deputado Estadual',
        uf: 'SP',
        amount: 15000,
        date: '2022-09-12',
      },
      {
        election: 2020,
        candidate: 'CANDIDATA DE EXEMPLO',
        party: 'PARTIDO MODELO',
        office: 'Vereador',
        uf: 'RJ',
        amount: 2500,
        date: '2020-10-20',
      },
    ],
  };
}

const PROCEDURES = ['liquidacionVoluntaria', 'reorganizacionJudicial', 'renegociacion'] as const;

export function insolvencyAnswer(rut: string) {
  const n = 12 + (digitSum(rut) % 3);
  return {
    proceedings: Array.from({ length: n }, (_, i) => ({
      id: `BC-${rut}-${i + 1}`,
      rol: `C-${3100 + i * 23}-${2016 + (i % 9)}`,
      procedure: PROCEDURES[i % 3],
      court: ['2º Juzgado Civil de Santiago', '1º Juzgado Civil de Valparaíso', '3º Juzgado Civil de Concepción'][
        i % 3
      ],
      status: ['En tramitación', 'Terminado', 'Acuerdo aprobado'][i % 3],
      startedAt: `${2016 + (i % 9)}-${pad((i % 12) + 1)}-10`,
      trustee: ['Liquidador de Ejemplo', 'Veedora de Ejemplo', 'Superintendencia de Insolvencia (ejemplo)'][i % 3],
      publications: [
        { date: `${2016 + (i % 9)}-${pad((i % 12) + 1)}-12`, title: 'Resolución que da inicio al procedimiento' },
        { date: `${2016 + (i % 9)}-${pad((i % 12) + 1)}-28`, title: 'Nómina de créditos reconocidos' },
      ],
    })),
  };
}

export function taxFolderAnswer(rut: string) {
  const legal = Number(rut.slice(0, -1)) >= 50_000_000;
  const months = Array.from({ length: 14 }, (_, i) => {
    const d = new Date(Date.UTC(2025, 8 - i, 1));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  });
  return {
    folio: `CT-${rut}-2025`,
    issuedAt: '2025-10-01',
    taxpayer: {
      rut,
      name: legal ? 'Comercial Ejemplo SpA' : 'Persona de Ejemplo',
      activityStart: '2015-03-01',
      category: legal ? 'Primera categoría' : 'Segunda categoría',
      taxRegime: legal ? 'Pro Pyme General (14 D N°3)' : 'Renta de segunda categoría',
      address: 'Av. Ejemplo 123',
      commune: 'Providencia',
      region: 'Metropolitana',
    },
    activities: [
      {
        code: '479100',
        description: 'Venta al por menor por correo y por Internet',
        category: '1',
        vatAffected: true,
        startDate: '2015-03-01',
      },
      {
        code: '620200',
        description: 'Actividades de consultoría de informática',
        category: '1',
        vatAffected: true,
        startDate: '2018-07-01',
      },
    ],
    representatives: [{ rut: '11111111-1', name: 'Representante de Ejemplo', since: '2015-03-01' }],
    partners: legal
      ? [
          { rut: '11111111-1', name: 'Socio de Ejemplo Uno', since: '2015-03-01', capitalShare: 60, profitShare: 60 },
          { rut: '22222222-2', name: 'Socia de Ejemplo Dos', since: '2019-01-15', capitalShare: 40, profitShare: 40 },
        ]
      : [],
    vatDeclarations: months.map((period, i) => ({
      id: `F29-${period}`,
      period,
      folio: `${8800000 + i * 131}`,
      salesAmount: 12_500_000 + i * 350_000,
      purchasesAmount: 7_900_000 + i * 210_000,
      vatPayable: Math.round((4_600_000 + i * 140_000) * 0.19),
      filedAt: `${period}-20`,
    })),
    incomeDeclarations: [2025, 2024, 2023].map((taxYear, i) => ({
      id: `F22-${taxYear}`,
      taxYear,
      folio: `${770000 + i * 17}`,
      grossIncome: 150_000_000 - i * 12_000_000,
      taxableIncome: 38_000_000 - i * 3_000_000,
      taxAmount: 9_500_000 - i * 750_000,
      filedAt: `${taxYear}-04-28`,
    })),
    properties: [
      { role: '1234-56', commune: 'Providencia', address: 'Av. Ejemplo 123', use: 'Comercio', appraisal: 98_000_000 },
    ],
  };
}

const OP_TYPES = ['Pago de prima', 'Emisión de póliza', 'Pago de siniestro', 'Rescate parcial', 'Endoso'];
const PRODUCTS = ['Seguro de Vida Ejemplo', 'Seguro Hogar Ejemplo', 'Seguro Automotriz Ejemplo'];

export function insurerOperationsAnswer(doc: string) {
  const n = 14 + (digitSum(doc) % 4);
  return {
    operations: Array.from({ length: n }, (_, i) => ({
      id: `OP-${doc}-${i + 1}`,
      date: `${2025 - Math.floor(i / 6)}-${pad(12 - (i % 12))}-05`,
      type: OP_TYPES[i % OP_TYPES.length],
      policyNumber: `POL-${100200 + (i % 3)}`,
      product: PRODUCTS[i % 3],
      amount: 45_000 + i * 12_500,
      currency: 'CLP',
      channel: ['Sucursal', 'Web', 'Corredor'][i % 3],
      status: ['Aplicada', 'Pendiente', 'Aplicada'][i % 3],
    })),
  };
}

export function insurerProductsAnswer(_doc: string) {
  return {
    products: PRODUCTS.map((product, i) => ({
      productCode: `P-${10 + i}`,
      product,
      policyNumber: `POL-${100200 + i}`,
      role: (['holder', 'insured', 'beneficiary'] as const)[i],
      startDate: `${2021 + i}-01-01`,
      endDate: `${2026 + i}-12-31`,
      status: i === 2 ? 'Vencida' : 'Vigente',
      premium: 38_000 + i * 9_000,
      currency: 'CLP',
    })),
  };
}

export function insurerPoliciesAnswer(_doc: string) {
  return {
    policies: PRODUCTS.map((product, i) => ({
      policyNumber: `POL-${100200 + i}`,
      product,
      startDate: `${2021 + i}-01-01`,
      endDate: `${2026 + i}-12-31`,
      premiumSFP: 38_000 + i * 9_000,
      policyStatus: i === 2 ? 'Vencida' : 'Vigente',
      paymentChannel: ['Cargo automático en cuenta (PAC)', 'Pago web', 'Corredor'][i],
      paymentMethod: ['Mensual', 'Anual', 'Semestral'][i],
      policyValueAtClosure: i === 2 ? 1_250_000 : null,
      currency: 'CLP',
      holder: { name: 'Titular de Ejemplo', document: '11111111-1' },
      insured: [{ name: 'Asegurado de Ejemplo', document: '22222222-2' }],
      beneficiaries: [
        { name: 'Beneficiaria de Ejemplo', document: '33333333-3', share: 60 },
        { name: 'Beneficiario de Ejemplo', document: '44444444-4', share: 40 },
      ],
      coverages: [
        { name: 'Fallecimiento', insuredAmount: 50_000_000 },
        { name: 'Invalidez total y permanente', insuredAmount: 25_000_000 },
      ],
    })),
  };
}

/** A case in detail: Brazilian for the judiciaryBrazil table's ids, Chilean for the others. */
export function caseDetailAnswer(caseId: string) {
  const n = digitSum(caseId);
  if (!caseId.startsWith('judi'))
    return {
      id: caseId,
      number: `C-${1200 + (n % 300)}-2023`,
      court: '1º Juzgado Civil de Santiago',
      className: 'Procedimiento ordinario',
      subject: ['Cobro de pagaré', 'Indemnización de perjuicios', 'Resolución de contrato'][n % 3],
      status: ['En tramitación', 'Archivada', 'Fallada'][n % 3],
      filedAt: '2023-04-11',
      value: 3_500_000 + (n % 10) * 250_000,
      judge: 'Jueza de Ejemplo',
      parties: [
        { name: 'BANCO DE EJEMPLO S.A.', document: '11.111.111-1', role: 'Demandante' },
        { name: 'DEMANDADO DE EJEMPLO', document: null, role: 'Demandado' },
      ],
      movements: [
        { date: '2023-04-11', description: 'Ingreso de la demanda' },
        { date: '2023-05-03', description: 'Notificación personal al demandado' },
        { date: '2023-09-18', description: 'Audiencia de conciliación sin acuerdo' },
        { date: '2024-03-07', description: 'Citación a oír sentencia' },
      ],
    };
  return {
    id: caseId,
    number: `${1000100 + n}-${10 + (n % 80)}.2024.8.26.0100`,
    court: 'TJSP - 3ª Vara Cível',
    className: 'Procedimento Comum Cível',
    subject: ['Cobrança', 'Indenização por danos morais', 'Rescisão contratual'][n % 3],
    status: ['Em andamento', 'Arquivado', 'Julgado'][n % 3],
    filedAt: '2024-02-14',
    value: 35_000 + (n % 10) * 5_000,
    judge: 'Juíza de Exemplo',
    parties: [
      { name: 'AUTOR DE EXEMPLO LTDA', document: '11.222.333/0001-81', role: 'Polo ativo' },
      { name: 'RÉU DE EXEMPLO', document: null, role: 'Polo passivo' },
    ],
    movements: [
      { date: '2024-02-14', description: 'Distribuído por sorteio' },
      { date: '2024-03-02', description: 'Citação expedida' },
      { date: '2024-06-19', description: 'Audiência de conciliação realizada sem acordo' },
      { date: '2025-01-27', description: 'Conclusos para sentença' },
    ],
  };
}
