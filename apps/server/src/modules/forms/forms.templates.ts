import type { FieldType, FormFieldT, FormTemplateConfigT, FormTypeT } from '@regcheck/shared/schemas/forms';

/**
 * The default templates shipped for Chile (Spanish, UAF) and Brazil (Portuguese, COAF): DOF natural and legal, BF and
 * PEP. A company may save its own (POST /formularios/template); a form takes the company's active template of its
 * type and country, else these. Texts are in the company's language: [es, pt-BR].
 */
type L = [string, string];
type Lang = 0 | 1;

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
  { value: 'yes', label: ['Sí', 'Sim'] as L },
  { value: 'no', label: ['No', 'Não'] as L },
];
const currency = (cl: boolean) =>
  (cl ? ['CLP', 'UF', 'USD'] : ['BRL', 'USD']).map((c) => ({ value: c, label: [c, c] as L }));

const identityNatural = (cl: boolean): Def[] => [
  f('fullName', 'text', ['Nombre completo', 'Nome completo'], true),
  f('document', 'text', [cl ? 'RUT' : 'Documento', cl ? 'RUT' : 'CPF'], true),
  f('nationality', 'text', ['Nacionalidad', 'Nacionalidade'], true),
  f('address', 'text', ['Domicilio', 'Endereço'], true),
  f('occupation', 'text', ['Profesión u oficio', 'Profissão ou ocupação'], true),
  f('email', 'email', ['Correo electrónico', 'E-mail']),
];
const identityLegal = (cl: boolean): Def[] => [
  f('businessName', 'text', ['Razón social', 'Razão social'], true),
  f('document', 'text', [cl ? 'RUT de la empresa' : 'CNPJ', cl ? 'RUT da empresa' : 'CNPJ'], true),
  f('activity', 'text', ['Giro o actividad', 'Atividade econômica'], true),
  f('address', 'text', ['Domicilio legal', 'Endereço da sede'], true),
  f('representativeName', 'text', ['Nombre del representante legal', 'Nome do representante legal'], true),
  f('representativeDocument', 'text', ['Documento del representante', 'Documento do representante'], true),
];
const funds = (cl: boolean): Def[] => [
  f('amount', 'amount', ['Monto de la operación', 'Valor da operação'], true),
  { ...f('currency', 'select', ['Moneda', 'Moeda'], true), options: currency(cl) },
  {
    ...f('origin', 'select', ['Origen de los fondos', 'Origem dos recursos'], true),
    options: [
      { value: 'salary', label: ['Remuneraciones', 'Salário'] },
      { value: 'business', label: ['Actividad comercial', 'Atividade empresarial'] },
      { value: 'savings', label: ['Ahorros', 'Poupança'] },
      { value: 'inheritance', label: ['Herencia o donación', 'Herança ou doação'] },
      { value: 'saleOfAssets', label: ['Venta de bienes', 'Venda de bens'] },
      { value: 'credit', label: ['Crédito', 'Crédito'] },
      { value: 'other', label: ['Otro', 'Outro'] },
    ],
  },
  f('originDetail', 'textarea', ['Detalle del origen de los fondos', 'Detalhe da origem dos recursos'], true),
];

const DOF_TEXT: Record<'cl' | 'br', { title: L; intro: L; declaration: L }> = {
  cl: {
    title: ['Declaración de origen de fondos', 'Declaração de origem dos recursos'],
    intro: [
      'En cumplimiento de la Ley N° 19.913 y las instrucciones de la Unidad de Análisis Financiero (UAF), declaro el origen de los fondos de esta operación.',
      'Em cumprimento da Lei nº 19.913 e das instruções da UAF, declaro a origem dos recursos desta operação.',
    ],
    declaration: [
      'Declaro bajo juramento que los datos entregados son verdaderos y que los fondos no provienen de actividades ilícitas.',
      'Declaro sob as penas da lei que os dados informados são verdadeiros e que os recursos não provêm de atividades ilícitas.',
    ],
  },
  br: {
    title: ['Declaración de origen de fondos', 'Declaração de origem dos recursos'],
    intro: [
      'En cumplimiento de la Ley 9.613/1998 y las normas del COAF, declaro el origen de los recursos de esta operación.',
      'Em cumprimento da Lei 9.613/1998 e das normas do COAF, declaro a origem dos recursos desta operação.',
    ],
    declaration: [
      'Declaro bajo las penas de la ley que la información es verdadera y que los recursos no provienen de actividades ilícitas.',
      'Declaro sob as penas da lei que as informações são verdadeiras e que os recursos não provêm de atividades ilícitas.',
    ],
  },
};

const owners: Def = {
  ...f('owners', 'table', ['Beneficiarios finales', 'Beneficiários finais'], true),
  columns: [
    f('name', 'text', ['Nombre', 'Nome'], true),
    f('document', 'text', ['Documento', 'Documento'], true),
    f('nationality', 'text', ['Nacionalidad', 'Nacionalidade']),
    f('percentage', 'percentage', ['Participación (%)', 'Participação (%)'], true),
  ],
};
const pepRelations: Def = {
  ...f('relations', 'table', ['Relaciones con PEP', 'Relações com PEP']),
  columns: [
    f('pepName', 'text', ['Nombre de la persona PEP', 'Nome da pessoa PEP'], true),
    f('position', 'text', ['Cargo', 'Cargo'], true),
    f('institution', 'text', ['Institución', 'Instituição'], true),
    {
      ...f('relationType', 'select', ['Tipo de relación', 'Tipo de relação'], true),
      options: [
        { value: 'self', label: ['Yo mismo', 'Eu mesmo'] },
        { value: 'spouse', label: ['Cónyuge o conviviente', 'Cônjuge ou companheiro'] },
        { value: 'relative', label: ['Pariente', 'Parente'] },
        { value: 'partner', label: ['Socio o asociado', 'Sócio ou associado'] },
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
        ['identity', ['Identificación', 'Identificação'], identityNatural(cl)],
        ['funds', ['Origen de los fondos', 'Origem dos recursos'], funds(cl)],
      ],
    };
  }
  if (type === 'formDOFLegal') {
    return {
      ...dof,
      title: [
        'Declaración de origen de fondos (persona jurídica)',
        'Declaração de origem dos recursos (pessoa jurídica)',
      ],
      sections: [
        ['identity', ['Identificación de la empresa', 'Identificação da empresa'], identityLegal(cl)],
        ['funds', ['Origen de los fondos', 'Origem dos recursos'], funds(cl)],
      ],
    };
  }
  if (type === 'formBF') {
    return {
      title: ['Declaración de beneficiario final', 'Declaração de beneficiário final'],
      intro: [
        'Identifique a las personas naturales que poseen más del 10% del capital o que ejercen el control efectivo de la entidad.',
        'Identifique as pessoas naturais que possuem mais de 10% do capital ou que exercem o controle efetivo da entidade.',
      ],
      declaration: dof.declaration,
      sections: [
        ['identity', ['Identificación de la empresa', 'Identificação da empresa'], identityLegal(cl)],
        ['owners', ['Beneficiarios finales', 'Beneficiários finais'], [owners]],
        [
          'control',
          ['Control efectivo', 'Controle efetivo'],
          [
            f('effectiveControl', 'textarea', [
              'Personas con control efectivo (menos del 10%)',
              'Pessoas com controle efetivo (menos de 10%)',
            ]),
          ],
        ],
      ],
    };
  }
  return {
    title: ['Declaración de persona expuesta políticamente (PEP)', 'Declaração de pessoa exposta politicamente (PEP)'],
    intro: [
      'Declare si usted es o ha sido persona expuesta políticamente, o si tiene relación con una.',
      'Declare se você é ou foi pessoa exposta politicamente, ou se tem relação com uma.',
    ],
    declaration: dof.declaration,
    sections: [
      ['identity', ['Identificación', 'Identificação'], identityNatural(cl).slice(0, 4)],
      [
        'pep',
        ['Condición PEP', 'Condição PEP'],
        [
          { ...f('isPep', 'select', ['¿Es usted PEP?', 'Você é PEP?'], true), options: yesNo },
          {
            ...f(
              'isRelated',
              'select',
              ['¿Tiene relación con una persona PEP?', 'Tem relação com uma pessoa PEP?'],
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
  const lang: Lang = language === 'pt-BR' || language === 'br' ? 1 : 0;
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
