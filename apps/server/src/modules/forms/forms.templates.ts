import type { FieldType, FormFieldT, FormTemplateConfigT, FormTypeT } from '@regcheck/shared/schemas/forms';

/**
 * The default templates shipped for Chile (Spanish, UAF) and Brazil (Portuguese, COAF): DOF natural and legal, BF and
 * PEP. A company may save its own (POST /formularios/template); a form takes the company's active template of its
 * type and country, else these. Texts are in the company's language: [es, pt-BR, en].
 */
type L = [string, string, string];
type Lang = 0 | 1 | 2;

const f = (key: string, type: FieldType, label: L, required = false): Def => ({ key, type, label, required });
type Def = {
  key: string;
  type: FieldType;
  label: L;
  required: boolean;
  extra?: Partial<FormFieldT>;
  columns?: Def[];
  options?: { value: string; label: L }[];
};

function field(d: Def, lang: Lang): FormFieldT {
  return {
    key: d.key,
    type: d.type,
    label: d.label[lang],
    ...(d.required ? { required: true } : {}),
    ...(d.options ? { options: d.options.map((o) => ({ value: o.value, label: o.label[lang] })) } : {}),
    ...(d.columns ? { columns: d.columns.map((c) => field(c, lang)) } : {}),
  };
}

const yesNo = [
  { value: 'yes', label: ['Sí', 'Sim', 'Yes'] as L },
  { value: 'no', label: ['No', 'Não', 'No'] as L },
];
/** The currencies a declaration may be made in, per country: the country's own, then the dollar. */
const CURRENCIES: Record<'cl' | 'br', readonly string[]> = { cl: ['CLP', 'UF', 'USD'], br: ['BRL', 'USD'] };

/**
 * The options of a select built from a list of values: each value once, in the list's first order (a value listed
 * twice would be two options with the same value, which the engine refuses and the browser cannot show).
 */
export function optionsOf(values: readonly string[], label: (v: string) => L = (v) => [v, v, v]) {
  return [...new Set(values)].map((v) => ({ value: v, label: label(v) }));
}
const currency = (cl: boolean) => optionsOf(CURRENCIES[cl ? 'cl' : 'br']);

const identityNatural = (cl: boolean): Def[] => [
  f('fullName', 'text', ['Nombre completo', 'Nome completo', 'Full name'], true),
  f('document', 'text', [cl ? 'RUT' : 'Documento', cl ? 'RUT' : 'CPF', cl ? 'RUT' : 'Document'], true),
  f('nationality', 'text', ['Nacionalidad', 'Nacionalidade', 'Nationality'], true),
  f('address', 'text', ['Domicilio', 'Endereço', 'Address'], true),
  f('occupation', 'text', ['Profesión u oficio', 'Profissão ou ocupação', 'Profession or occupation'], true),
  f('email', 'email', ['Correo electrónico', 'E-mail', 'E-mail']),
];
const identityLegal = (cl: boolean): Def[] => [
  f('businessName', 'text', ['Razón social', 'Razão social', 'Company name'], true),
  f(
    'document',
    'text',
    [cl ? 'RUT de la empresa' : 'CNPJ', cl ? 'RUT da empresa' : 'CNPJ', cl ? 'Company RUT' : 'CNPJ'],
    true,
  ),
  f('activity', 'text', ['Giro o actividad', 'Atividade econômica', 'Line of business'], true),
  f('address', 'text', ['Domicilio legal', 'Endereço da sede', 'Registered address'], true),
  f(
    'representativeName',
    'text',
    ['Nombre del representante legal', 'Nome do representante legal', "Legal representative's name"],
    true,
  ),
  f(
    'representativeDocument',
    'text',
    ['Documento del representante', 'Documento do representante', "Representative's document"],
    true,
  ),
];
const funds = (cl: boolean): Def[] => [
  f('amount', 'amount', ['Monto de la operación', 'Valor da operação', 'Amount of the operation'], true),
  { ...f('currency', 'select', ['Moneda', 'Moeda', 'Currency'], true), options: currency(cl) },
  {
    ...f('origin', 'select', ['Origen de los fondos', 'Origem dos recursos', 'Source of funds'], true),
    options: [
      { value: 'salary', label: ['Remuneraciones', 'Salário', 'Salary'] },
      { value: 'business', label: ['Actividad comercial', 'Atividade empresarial', 'Business activity'] },
      { value: 'savings', label: ['Ahorros', 'Poupança', 'Savings'] },
      { value: 'inheritance', label: ['Herencia o donación', 'Herança ou doação', 'Inheritance or gift'] },
      { value: 'saleOfAssets', label: ['Venta de bienes', 'Venda de bens', 'Sale of assets'] },
      { value: 'credit', label: ['Crédito', 'Crédito', 'Loan'] },
      { value: 'other', label: ['Otro', 'Outro', 'Other'] },
    ],
  },
  f(
    'originDetail',
    'textarea',
    ['Detalle del origen de los fondos', 'Detalhe da origem dos recursos', 'Details of the source of funds'],
    true,
  ),
];

const DOF_TEXT: Record<'cl' | 'br', { title: L; intro: L; declaration: L }> = {
  cl: {
    title: ['Declaración de origen de fondos', 'Declaração de origem dos recursos', 'Source of funds declaration'],
    intro: [
      'En cumplimiento de la Ley N° 19.913 y las instrucciones de la Unidad de Análisis Financiero (UAF), declaro el origen de los fondos de esta operación.',
      'Em cumprimento da Lei nº 19.913 e das instruções da UAF, declaro a origem dos recursos desta operação.',
      'In compliance with Law No. 19,913 and the instructions of the Financial Analysis Unit (UAF), I declare the source of the funds of this operation.',
    ],
    declaration: [
      'Declaro bajo juramento que los fondos de esta operación provienen del origen indicado, que son de procedencia lícita y no provienen de ninguno de los delitos base del lavado de activos ni del financiamiento del terrorismo (Ley N° 19.913), que la información entregada es verdadera y completa, y que informaré cualquier cambio.',
      'Declaro sob juramento que os recursos desta operação provêm da origem indicada, são de procedência lícita e não provêm de nenhum dos crimes antecedentes da lavagem de dinheiro nem do financiamento do terrorismo (Lei nº 19.913 do Chile), que as informações prestadas são verdadeiras e completas, e que comunicarei qualquer alteração.',
      'I declare under oath that the funds of this operation come from the stated source, are of lawful origin and do not come from any predicate offence of money laundering or from terrorist financing (Chilean Law No. 19,913), that the information given is true and complete, and that I will report any change.',
    ],
  },
  br: {
    title: ['Declaración de origen de fondos', 'Declaração de origem dos recursos', 'Source of funds declaration'],
    intro: [
      'En cumplimiento de la Ley 9.613/1998 y las normas del COAF, declaro el origen de los recursos de esta operación.',
      'Em cumprimento da Lei 9.613/1998 e das normas do COAF, declaro a origem dos recursos desta operação.',
      'In compliance with Law 9,613/1998 and the rules of COAF, I declare the source of the funds of this operation.',
    ],
    declaration: [
      'Declaro bajo las penas de la ley que los recursos de esta operación provienen del origen indicado, que son de procedencia lícita y no provienen de ninguno de los delitos de la Ley 9.613/1998, que la información es verdadera y completa, y que comunicaré cualquier cambio.',
      'Declaro sob as penas da lei que os recursos desta operação provêm da origem indicada, são de procedência lícita e não provêm de nenhum dos crimes previstos na Lei 9.613/1998, que as informações são verdadeiras e completas, e que comunicarei qualquer alteração.',
      'I declare under the penalties of the law that the funds of this operation come from the stated source, are of lawful origin and do not come from any of the offences of Law 9,613/1998, that the information is true and complete, and that I will report any change.',
    ],
  },
};

/**
 * The oath of each other form, about what that form declares (issue 25 point 4, decision 189): ownership and
 * control for the BF (Chile: UAF Circular No. 57, 10 % or more of the capital or votes, or effective control;
 * Brazil: Circular BCB 3.978/2020, the natural persons who own or control), PEP status and relations for the PEP
 * form (Chile: UAF Circular No. 49; Brazil: Resolução COAF nº 40/2021). The DOF's is about the origin of the funds.
 */
const BF_DECLARATION: Record<'cl' | 'br', L> = {
  cl: [
    'Declaro bajo juramento, en representación de la entidad, que las personas naturales indicadas son todas las que poseen, directa o indirectamente, el 10% o más de su capital o de sus derechos a voto, o que ejercen su control efectivo (Circular N° 57 de la UAF), que la información es verdadera y completa, y que informaré cualquier cambio en su propiedad o control.',
    'Declaro sob juramento, em representação da entidade, que as pessoas naturais indicadas são todas as que detêm, direta ou indiretamente, 10% ou mais do seu capital ou dos direitos de voto, ou que exercem o seu controle efetivo (Circular nº 57 da UAF do Chile), que as informações são verdadeiras e completas, e que comunicarei qualquer alteração na sua propriedade ou controle.',
    'I declare under oath, on behalf of the entity, that the natural persons listed are all those who hold, directly or indirectly, 10% or more of its capital or voting rights, or who exercise effective control over it (UAF Circular No. 57), that the information is true and complete, and that I will report any change in its ownership or control.',
  ],
  br: [
    'Declaro bajo las penas de la ley, en representación de la entidad, que las personas naturales indicadas son todas las que, en última instancia, poseen, controlan o influyen significativamente en ella (beneficiarios finales, Circular BCB 3.978/2020), que la información es verdadera y completa, y que comunicaré cualquier cambio en su propiedad o control.',
    'Declaro sob as penas da lei, em representação da entidade, que as pessoas naturais indicadas são todas as que, em última instância, possuem, controlam ou influenciam significativamente a entidade (beneficiários finais, Circular BCB 3.978/2020), que as informações são verdadeiras e completas, e que comunicarei qualquer alteração na sua propriedade ou controle.',
    'I declare under the penalties of the law, on behalf of the entity, that the natural persons listed are all those who ultimately own, control or significantly influence it (beneficial owners, Central Bank Circular 3,978/2020), that the information is true and complete, and that I will report any change in its ownership or control.',
  ],
};
const PEP_DECLARATION: Record<'cl' | 'br', L> = {
  cl: [
    'Declaro bajo juramento que lo indicado sobre mi condición de persona expuesta políticamente (PEP) y sobre mi relación con personas PEP (cónyuge o conviviente, parientes, socios o asociados cercanos), conforme a la Circular N° 49 de la UAF, es verdadero y completo, y que informaré si adquiero o dejo esa condición o esa relación.',
    'Declaro sob juramento que o informado sobre a minha condição de pessoa exposta politicamente (PEP) e sobre a minha relação com pessoas PEP (cônjuge ou companheiro, parentes, sócios ou colaboradores próximos), conforme a Circular nº 49 da UAF do Chile, é verdadeiro e completo, e que comunicarei se adquirir ou deixar essa condição ou relação.',
    'I declare under oath that what I have stated about my status as a politically exposed person (PEP) and about my relations with PEPs (spouse or partner, relatives, close business partners or associates), under UAF Circular No. 49, is true and complete, and that I will report if I acquire or lose that status or relation.',
  ],
  br: [
    'Declaro bajo las penas de la ley que lo indicado sobre mi condición de persona expuesta políticamente (PEP) y sobre mi relación con personas PEP (familiares, colaboradores estrechos), conforme a la Resolución COAF nº 40/2021, es verdadero y completo, y que comunicaré si adquiero o dejo esa condición o esa relación.',
    'Declaro sob as penas da lei que o informado sobre a minha condição de pessoa exposta politicamente (PEP) e sobre a minha relação com pessoas PEP (familiares, estreitos colaboradores), conforme a Resolução COAF nº 40/2021, é verdadeiro e completo, e que comunicarei se adquirir ou deixar essa condição ou relação.',
    'I declare under the penalties of the law that what I have stated about my status as a politically exposed person (PEP) and about my relations with PEPs (family members, close associates), under COAF Resolution No. 40/2021, is true and complete, and that I will report if I acquire or lose that status or relation.',
  ],
};

const owners: Def = {
  ...f('owners', 'table', ['Beneficiarios finales', 'Beneficiários finais', 'Beneficial owners'], true),
  columns: [
    f('name', 'text', ['Nombre', 'Nome', 'Name'], true),
    f('document', 'text', ['Documento', 'Documento', 'Document'], true),
    f('nationality', 'text', ['Nacionalidad', 'Nacionalidade', 'Nationality']),
    f('percentage', 'percentage', ['Participación (%)', 'Participação (%)', 'Ownership (%)'], true),
  ],
};
const pepRelations: Def = {
  ...f('relations', 'table', ['Relaciones con PEP', 'Relações com PEP', 'Relations with PEPs']),
  columns: [
    f('pepName', 'text', ['Nombre de la persona PEP', 'Nome da pessoa PEP', 'Name of the PEP'], true),
    f('position', 'text', ['Cargo', 'Cargo', 'Position'], true),
    f('institution', 'text', ['Institución', 'Instituição', 'Institution'], true),
    {
      ...f('relationType', 'select', ['Tipo de relación', 'Tipo de relação', 'Type of relation'], true),
      options: [
        { value: 'self', label: ['Yo mismo', 'Eu mesmo', 'Myself'] },
        { value: 'spouse', label: ['Cónyuge o conviviente', 'Cônjuge ou companheiro', 'Spouse or partner'] },
        { value: 'relative', label: ['Pariente', 'Parente', 'Relative'] },
        { value: 'partner', label: ['Socio o asociado', 'Sócio ou associado', 'Business partner or associate'] },
      ],
    },
  ],
};

function build(
  type: FormTypeT,
  country: 'cl' | 'br',
): { title: L; intro: L; declaration: L; sections: [string, L, Def[]][] } {
  const cl = country === 'cl';
  const dof = DOF_TEXT[country];
  if (type === 'formDOF') {
    return {
      ...dof,
      sections: [
        ['identity', ['Identificación', 'Identificação', 'Identification'], identityNatural(cl)],
        ['funds', ['Origen de los fondos', 'Origem dos recursos', 'Source of funds'], funds(cl)],
      ],
    };
  }
  if (type === 'formDOFLegal') {
    return {
      ...dof,
      title: [
        'Declaración de origen de fondos (persona jurídica)',
        'Declaração de origem dos recursos (pessoa jurídica)',
        'Source of funds declaration (legal person)',
      ],
      sections: [
        [
          'identity',
          ['Identificación de la empresa', 'Identificação da empresa', 'Company identification'],
          identityLegal(cl),
        ],
        ['funds', ['Origen de los fondos', 'Origem dos recursos', 'Source of funds'], funds(cl)],
      ],
    };
  }
  if (type === 'formBF') {
    return {
      title: ['Declaración de beneficiario final', 'Declaração de beneficiário final', 'Beneficial owner declaration'],
      intro: [
        'Identifique a las personas naturales que poseen el 10% o más del capital o que ejercen el control efectivo de la entidad.',
        'Identifique as pessoas naturais que possuem 10% ou mais do capital ou que exercem o controle efetivo da entidade.',
        'Identify the natural persons who hold 10% or more of the capital or who exercise effective control of the entity.',
      ],
      declaration: BF_DECLARATION[country],
      sections: [
        [
          'identity',
          ['Identificación de la empresa', 'Identificação da empresa', 'Company identification'],
          identityLegal(cl),
        ],
        ['owners', ['Beneficiarios finales', 'Beneficiários finais', 'Beneficial owners'], [owners]],
        [
          'control',
          ['Control efectivo', 'Controle efetivo', 'Effective control'],
          [
            f('effectiveControl', 'textarea', [
              'Personas con control efectivo (menos del 10%)',
              'Pessoas com controle efetivo (menos de 10%)',
              'Persons with effective control (less than 10%)',
            ]),
          ],
        ],
      ],
    };
  }
  return {
    title: [
      'Declaración de persona expuesta políticamente (PEP)',
      'Declaração de pessoa exposta politicamente (PEP)',
      'Politically exposed person (PEP) declaration',
    ],
    intro: [
      'Declare si usted es o ha sido persona expuesta políticamente, o si tiene relación con una.',
      'Declare se você é ou foi pessoa exposta politicamente, ou se tem relação com uma.',
      'State whether you are or have been a politically exposed person, or are related to one.',
    ],
    declaration: PEP_DECLARATION[country],
    sections: [
      ['identity', ['Identificación', 'Identificação', 'Identification'], identityNatural(cl).slice(0, 4)],
      [
        'pep',
        ['Condición PEP', 'Condição PEP', 'PEP status'],
        [
          { ...f('isPep', 'select', ['¿Es usted PEP?', 'Você é PEP?', 'Are you a PEP?'], true), options: yesNo },
          {
            ...f(
              'isRelated',
              'select',
              ['¿Tiene relación con una persona PEP?', 'Tem relação com uma pessoa PEP?', 'Are you related to a PEP?'],
              true,
            ),
            options: yesNo,
          },
          pepRelations,
        ],
      ],
    ],
  };
}

/** The default template of a type for a country id (1 Chile, 2 Brazil) in the given language. */
export function defaultTemplate(type: FormTypeT, countryId: number, language: string): FormTemplateConfigT {
  const b = build(type, countryId === 1 ? 'cl' : 'br');
  const lang: Lang = language === 'pt-BR' || language === 'br' ? 1 : language === 'en' ? 2 : 0;
  return {
    title: b.title[lang],
    intro: b.intro[lang],
    declaration: b.declaration[lang],
    sections: b.sections.map(([key, title, fields]) => ({
      key,
      title: title[lang],
      fields: fields.map((d) => field(d, lang)),
    })),
  };
}

/** The country id of the templates from a company's country code. */
export function countryIdOf(country: string): number {
  return country.toUpperCase() === 'CL' ? 1 : 2;
}
