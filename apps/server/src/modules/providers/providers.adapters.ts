import { CommercialReportAnswer } from '@regcheck/shared/schemas/commercial-report';
import {
  CASE_TYPES,
  type CaseType,
  CourtCase,
  PepMexicoAnswer,
  RegistryAnswer,
  type RegistryStatus,
} from '@regcheck/shared/schemas/records';
import { z } from 'zod';
import { type Adapter, DOCUMENT, opt, strOrNum } from './providers.adapter';

/** The registry (CNPJ, CPF), court-case, commercial-report and PEP Mexico adapters. */

/** the Brazilian court-case tables; every other type searches a Chilean RUT */
export const BRAZIL_CASE_TYPES: readonly CaseType[] = ['judiciaryBrazil'];
export const CourtCasesAnswer = z.object({ cases: z.array(CourtCase) });
export type CourtCasesAnswer = z.infer<typeof CourtCasesAnswer>;
export { CASE_TYPES, type CaseType };

/**
 * BrasilAPI `GET /cnpj/v1/{cnpj}` (the Receita Federal open data): situacao_cadastral 1 nula, 2 ativa, 3 suspensa,
 * 4 inapta, 8 baixada; 404 when the CNPJ does not exist.
 */
const BrasilApiCnpj = z.object({
  cnpj: z.string(),
  razao_social: z.string(),
  nome_fantasia: opt(z.string()),
  situacao_cadastral: strOrNum,
  descricao_situacao_cadastral: opt(z.string()),
  data_inicio_atividade: opt(z.string()),
  cnae_fiscal: strOrNum,
  cnae_fiscal_descricao: opt(z.string()),
  natureza_juridica: opt(z.string()),
  capital_social: opt(z.number()),
  opcao_pelo_simples: opt(z.boolean()),
  opcao_pelo_mei: opt(z.boolean()),
  regime_tributario: opt(z.array(z.object({ ano: z.number(), forma_de_tributacao: z.string() }))),
});

const CNPJ_STATUS: Record<string, z.infer<typeof RegistryStatus>> = {
  '1': 'null',
  '2': 'active',
  '3': 'suspended',
  '4': 'unfit',
  '8': 'cancelled',
};

/** CPF situations of the Receita Federal, folded to our statuses. */
function cpfStatus(text: string | null, deathYear: string | null): z.infer<typeof RegistryStatus> {
  const s = (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  if (deathYear || s.includes('FALECIDO')) return 'deceased';
  if (s.startsWith('REGULAR')) return 'active';
  if (s.includes('SUSPENS')) return 'suspended';
  if (s.includes('CANCELAD')) return 'cancelled';
  if (s.includes('PENDENTE')) return 'pending';
  if (s.includes('NULA')) return 'null';
  return 'other';
}

const riskOf = (status: z.infer<typeof RegistryStatus>) => (status === 'active' || status === 'other' ? 'low' : 'high');

/** Our documented CPF shape: `GET /cpf/v1/{cpf}` answers this JSON, 404 when the CPF does not exist. */
const GenericCpf = z.object({
  cpf: z.string(),
  nome: z.string(),
  situacao_cadastral: opt(z.string()),
  data_nascimento: opt(z.string()),
  ano_obito: strOrNum,
  pis_pasep: opt(z.string()),
  nacionalidade: opt(z.string()),
  mensagem: opt(z.string()),
});

/** Our documented court-case shape: `GET /court-cases/v1/{type}/{document}`; 404 when the person has none. */
const GenericCourtCases = z.object({
  cases: z.array(
    z.object({
      id: strOrNum,
      rol: z.string(),
      court: z.string(),
      title: z.string(),
      filedAt: opt(z.string()),
      status: opt(z.string()),
      matter: opt(z.string()),
    }),
  ),
});

export const cnpjAdapter: Adapter<{ cnpj: string }, RegistryAnswer> = {
  provider: 'cnpj',
  request: z.object({ cnpj: z.string().regex(/^[0-9A-Z]{12}[0-9]{2}$/) }),
  answer: RegistryAnswer,
  path: (r) => `/cnpj/v1/${r.cnpj}`,
  parse(body) {
    const b = BrasilApiCnpj.parse(body);
    const status = CNPJ_STATUS[b.situacao_cadastral ?? ''] ?? 'other';
    const regimes = [...(b.regime_tributario ?? [])].sort((x, y) => y.ano - x.ano);
    const taxRegime =
      regimes[0]?.forma_de_tributacao ?? (b.opcao_pelo_mei ? 'MEI' : b.opcao_pelo_simples ? 'Simples Nacional' : null);
    return {
      kind: 'cnpj',
      name: b.razao_social,
      cpf: null,
      cnpj: b.cnpj,
      razao_social: b.razao_social,
      situacao_cadastral: b.descricao_situacao_cadastral ?? b.situacao_cadastral,
      status,
      ano_obito: null,
      abertura_data: b.data_inicio_atividade,
      data_nascimento: null,
      message: null,
      pisPasep: null,
      nationality: null,
      tradeName: b.nome_fantasia || null,
      cnae: b.cnae_fiscal,
      cnaeDescription: b.cnae_fiscal_descricao,
      legalNature: b.natureza_juridica,
      socialCapital: b.capital_social,
      taxRegime,
      risk: riskOf(status),
    };
  },
};

export const cpfAdapter: Adapter<{ cpf: string }, RegistryAnswer> = {
  provider: 'cpf',
  request: z.object({ cpf: z.string().regex(/^\d{11}$/) }),
  answer: RegistryAnswer,
  path: (r) => `/cpf/v1/${r.cpf}`,
  parse(body) {
    const b = GenericCpf.parse(body);
    const status = cpfStatus(b.situacao_cadastral, b.ano_obito);
    return {
      kind: 'cpf',
      name: b.nome,
      cpf: b.cpf,
      cnpj: null,
      razao_social: null,
      situacao_cadastral: b.situacao_cadastral,
      status,
      ano_obito: b.ano_obito,
      abertura_data: null,
      data_nascimento: b.data_nascimento,
      message: b.mensagem,
      pisPasep: b.pis_pasep,
      nationality: b.nacionalidade,
      tradeName: null,
      cnae: null,
      cnaeDescription: null,
      legalNature: null,
      socialCapital: null,
      taxRegime: null,
      risk: riskOf(status),
    };
  },
};

export const courtCasesAdapter: Adapter<{ type: CaseType; document: string }, CourtCasesAnswer> = {
  provider: 'courtCases',
  request: z.object({ type: z.enum(CASE_TYPES), document: z.string().regex(DOCUMENT) }),
  answer: CourtCasesAnswer,
  path: (r) => `/court-cases/v1/${r.type}/${r.document}`,
  parse: (body) => GenericCourtCases.parse(body),
};

/** Our documented commercial-report shape: `GET /commercial-report/v1/{rut}`; 404 when the bureau has no file. */
export const commercialReportAdapter: Adapter<{ rut: string }, CommercialReportAnswer> = {
  provider: 'commercialReport',
  request: z.object({ rut: z.string().regex(/^\d{7,8}[0-9K]$/) }),
  answer: CommercialReportAnswer,
  path: (r) => `/commercial-report/v1/${r.rut}`,
  parse: (body) => CommercialReportAnswer.parse(body),
};

/**
 * Our documented PEP Mexico shape: `GET /pep-mexico/v1?name={full name}` answers `{ matches: [...] }` (the match
 * percentage from 0 to 100, or 0 to 1 as a fraction); 404 when nobody matches.
 */
const GenericPepMexico = z.object({
  matches: z.array(
    z.object({
      fullName: z.string(),
      documentType: opt(z.string()),
      birthDate: opt(z.string()),
      nationality: opt(z.string()),
      activity: opt(z.string()),
      type: opt(z.string()),
      entity: opt(z.string()),
      personType: opt(z.string()),
      matchPercentage: z.number().min(0).max(100),
    }),
  ),
});

export const pepMexicoAdapter: Adapter<{ name: string }, PepMexicoAnswer> = {
  provider: 'pepMexico',
  request: z.object({ name: z.string().trim().min(2).max(300) }),
  answer: PepMexicoAnswer,
  path: (r) => `/pep-mexico/v1?name=${encodeURIComponent(r.name)}`,
  parse(body) {
    const b = GenericPepMexico.parse(body);
    const matches = b.matches.map((m) => ({
      ...m,
      // a fraction (0.87) is read as a percentage (87)
      matchPercentage:
        Math.round(
          (m.matchPercentage <= 1 && m.matchPercentage > 0 ? m.matchPercentage * 100 : m.matchPercentage) * 10,
        ) / 10,
    }));
    return { matches: matches.sort((a, b) => b.matchPercentage - a.matchPercentage) };
  },
};
