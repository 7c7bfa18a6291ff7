import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  caseDetailAnswer,
  insolvencyAnswer,
  insurerOperationsAnswer,
  insurerPoliciesAnswer,
  insurerProductsAnswer,
  restrictionsAnswer,
  taxFolderAnswer,
} from './providers.sample.records';

/**
 * The built-in sample provider of the demo (REGCHECK_DEMO only): a local HTTP server that speaks the same protocols
 * as the real providers (BrasilAPI's CNPJ shape, our generic shapes of docs/providers.md, the OAuth token endpoint)
 * with invented answers derived from the document, so the demo pages go through the real adapters. Every answer it
 * gives is stored and shown as "sample data".
 */
export const SAMPLE_BASE_URL = 'builtin:sample';

const COURTS = ['1º Juzgado Civil de Santiago', '2º Juzgado de Letras del Trabajo', 'Tribunal Ambiental de Santiago'];
const STATES = ['Tramitación', 'Archivada', 'Fallada'];
const MATTERS = ['Cobro de pagaré', 'Despido injustificado', 'Reclamación ambiental', 'Indemnización de perjuicios'];
const BR_STATES = ['Em andamento', 'Arquivado', 'Julgado'];
const BR_MATTERS = ['Cobrança', 'Reclamação trabalhista', 'Execução fiscal', 'Indenização por danos'];
const BR_COURTS = ['TJSP - 3ª Vara Cível', 'TRT 2ª Região - 15ª Vara do Trabalho', 'TJRJ - 1ª Vara Empresarial'];

const digitSum = (s: string) => [...s].reduce((a, c) => a + (c.charCodeAt(0) % 10), 0);

function cnpjAnswer(cnpj: string) {
  return {
    cnpj,
    razao_social: 'EXEMPLO COMERCIO E SERVICOS LTDA',
    nome_fantasia: 'EXEMPLO',
    situacao_cadastral: 2,
    descricao_situacao_cadastral: 'ATIVA',
    data_inicio_atividade: '2012-05-14',
    cnae_fiscal: 4751201,
    cnae_fiscal_descricao: 'Comércio varejista especializado de equipamentos e suprimentos de informática',
    natureza_juridica: 'Sociedade Empresária Limitada',
    capital_social: 250000,
    opcao_pelo_simples: false,
    opcao_pelo_mei: false,
    regime_tributario: [{ ano: 2024, forma_de_tributacao: 'LUCRO PRESUMIDO' }],
  };
}

function cpfAnswer(cpf: string) {
  return {
    cpf,
    nome: 'MARIA DE EXEMPLO SOUZA',
    situacao_cadastral: 'REGULAR',
    data_nascimento: '1984-09-21',
    ano_obito: null,
    pis_pasep: '120.54478.29-1',
    nacionalidade: 'Brasileira',
    mensagem: null,
  };
}

function casesAnswer(type: string, doc: string) {
  const n = 12 + (digitSum(doc) % 4);
  const brazil = type === 'judiciaryBrazil';
  return {
    cases: Array.from({ length: n }, (_, i) => ({
      id: `${type.slice(0, 4)}-${doc}-${i + 1}`,
      rol: brazil ? `${1000100 + i * 37}-${10 + i}.2024.8.26.0100` : `C-${1200 + i * 17}-${2019 + (i % 6)}`,
      court: (brazil ? BR_COURTS : COURTS)[i % 3],
      title: brazil ? `Processo de exemplo ${i + 1}` : `Causa de ejemplo ${i + 1}`,
      filedAt: `${2019 + (i % 6)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      status: (brazil ? BR_STATES : STATES)[i % 3],
      matter: (brazil ? BR_MATTERS : MATTERS)[i % 4],
    })),
  };
}

function commercialAnswer(rut: string) {
  const legal = Number(rut.slice(0, -1)) >= 50_000_000;
  return {
    personType: legal ? 'legal' : 'natural',
    identification: {
      name: legal ? 'Comercial Ejemplo SpA' : 'Persona de Ejemplo',
      rut,
      activity: 'Comercio al por menor',
    },
    contactability: [
      { kind: 'Teléfono', value: '+56 2 2345 6789' },
      { kind: 'Dirección', value: 'Av. Ejemplo 123, Santiago' },
    ],
    debts: [
      { amount: 850000, date: '2025-06-10', source: 'Banco Ejemplo', type: 'Crédito de consumo' },
      { amount: 420000, date: '2022-01-05', source: 'Casa Comercial Ejemplo', type: 'Tarjeta' },
    ],
    protests: [{ amount: 310000, date: '2025-09-01', source: 'Notaría Ejemplo', type: 'Cheque' }],
    bulletins: [],
    inquiries: [{ by: 'Financiera Ejemplo', date: '2025-10-02' }],
    banks: [{ bank: 'Banco Ejemplo', product: 'Cuenta corriente' }],
    properties: [{ commune: 'Providencia', role: '1234-56', appraisal: 98000000 }],
    vehicles: [{ plate: 'ABCD12', brand: 'Toyota', model: 'Yaris', year: 2019 }],
    sii: { activityStart: '2015-03-01', taxpayerType: legal ? 'Primera categoría' : 'Segunda categoría' },
  };
}

function pepMexicoAnswer(name: string) {
  const n = 1 + (digitSum(name) % 2);
  return {
    matches: [
      {
        fullName: name.toUpperCase(),
        documentType: 'CURP',
        birthDate: '1971-04-12',
        nationality: 'Mexicana',
        activity: 'Director general de administración',
        type: 'PEP nacional',
        entity: 'Secretaría de Hacienda y Crédito Público',
        personType: 'Persona física',
        matchPercentage: 92,
      },
      {
        fullName: `${name.split(' ')[0]?.toUpperCase() ?? name} HERNÁNDEZ LÓPEZ`,
        documentType: 'RFC',
        birthDate: '1965-11-03',
        nationality: 'Mexicana',
        activity: 'Presidente municipal',
        type: 'PEP local',
        entity: 'Ayuntamiento de Puebla',
        personType: 'Persona física',
        matchPercentage: 0.61,
      },
    ].slice(0, n),
  };
}

function answer(method: string, url: string): { status: number; body: unknown } {
  const p = url.split('?')[0]?.split('/').filter(Boolean) ?? [];
  if (method === 'POST' && p[0] === 'oauth' && p[1] === 'token')
    return {
      status: 200,
      body: { access_token: `sample-${randomBytes(12).toString('hex')}`, token_type: 'Bearer', expires_in: 3600 },
    };
  if (p[0] === 'restrictions' && p[2]) return { status: 200, body: restrictionsAnswer(p[2]) };
  if (p[0] === 'boletin-concursal' && p[2]) return { status: 200, body: insolvencyAnswer(p[2]) };
  if (p[0] === 'carpeta-tributaria' && p[2]) return { status: 200, body: taxFolderAnswer(p[2]) };
  if (p[0] === 'insurer' && p[2] === 'operations' && p[3]) return { status: 200, body: insurerOperationsAnswer(p[3]) };
  if (p[0] === 'insurer' && p[2] === 'products' && p[3]) return { status: 200, body: insurerProductsAnswer(p[3]) };
  if (p[0] === 'insurer' && p[2] === 'policies' && p[3]) return { status: 200, body: insurerPoliciesAnswer(p[3]) };
  if (p[0] === 'court-cases' && p[2] === 'detail' && p[3])
    return { status: 200, body: caseDetailAnswer(decodeURIComponent(p[3])) };
  if (p[0] === 'cnpj' && p[2]) return { status: 200, body: cnpjAnswer(p[2]) };
  if (p[0] === 'cpf' && p[2]) return { status: 200, body: cpfAnswer(p[2]) };
  if (p[0] === 'commercial-report' && p[2]) return { status: 200, body: commercialAnswer(p[2]) };
  if (p[0] === 'pep-mexico' && p[1] === 'v1') {
    const name = new URLSearchParams(url.split('?')[1] ?? '').get('name') ?? '';
    return { status: 200, body: pepMexicoAnswer(name) };
  }
  if (p[0] === 'court-cases' && p[2] && p[3]) return { status: 200, body: casesAnswer(p[2], p[3]) };
  return { status: 404, body: { message: 'not found' } };
}

let started: Promise<string> | null = null;

/** The sample server's base URL, started on first use on a free local port (one per process, never keeps it up). */
export function sampleBaseUrl(): Promise<string> {
  started ??= new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      const a = answer(req.method ?? 'GET', req.url ?? '/');
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  return started;
}
