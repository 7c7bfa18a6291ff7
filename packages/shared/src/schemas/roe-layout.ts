import { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents/country-documents';
import { TRANSACTION_TYPES } from './operations';

/*
 * The layout of the ROE file for the UAF, as data (issue 23, point 2; decision 180). The UAF's own upload
 * instructions could not be read from this machine (decision 157), so the layout RegCheck ships is its own; the
 * super administrator changes it (columns, their order and headers, the codes for currencies and record types, the
 * separator, the line ends, the encoding, the date and decimal notation) without a new release, and every company's
 * file follows it from then on. The participant's person type, document type and document country and the kind of
 * transaction have their code tables too (decision 204), so the UAF's own tables go in as data. A filing keeps the file as it was generated (its SHA-256 unchanged).
 */

/** What RegCheck can put in a column of the ROE file. */
export const ROE_FIELDS = [
  'recordType',
  'companyRut',
  'periodFrom',
  'periodTo',
  'thresholdUsd',
  'operationNumber',
  'operationDate',
  'currency',
  'participantCash',
  'operationCash',
  'operationCashUsd',
  'documentNumber',
  'name',
  'observation',
  'personType',
  'documentType',
  'documentCountry',
  'transactionType',
  'constant',
] as const;
export const RoeField = z.enum(ROE_FIELDS);
export type RoeFieldT = z.infer<typeof RoeField>;

const header = z
  .string()
  .trim()
  .min(1, 'platform:roeLayout.errors.required')
  .max(60)
  .regex(/^[^;,|\t\r\n"]+$/, 'platform:roeLayout.errors.characters');
const code = z
  .string()
  .trim()
  .max(30)
  .regex(/^[^;,|\t\r\n"]*$/, 'platform:roeLayout.errors.characters');

export const RoeColumn = z.object({
  header: header.describe('the name of the column in the header line'),
  field: RoeField.describe('what RegCheck puts in it'),
  value: code.optional().describe('for a constant column: its value on every line'),
});

/**
 * What no single field says: two columns with one header, a fixed column without its value, the decimal separator
 * equal to the column separator. Each with its path and catalogue key (the schema's refinement, and the page, which
 * shows every problem at once even where a field failed its own check).
 */
export function roeLayoutCrossProblems(l: {
  separator: string;
  decimalSeparator: string;
  columns: ReadonlyArray<{ header: string; field: string; value?: string | undefined }>;
}): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  l.columns.forEach((c, i) => {
    if (c.field === 'constant' && !c.value?.trim())
      out.push({ path: ['columns', i, 'value'], message: 'platform:roeLayout.errors.required' });
    const h = c.header.trim();
    if (seen.has(h)) out.push({ path: ['columns', i, 'header'], message: 'platform:roeLayout.errors.duplicateHeader' });
    seen.add(h);
  });
  if (l.separator === ',' && l.decimalSeparator === ',')
    out.push({ path: ['decimalSeparator'], message: 'platform:roeLayout.errors.decimal' });
  return out;
}

export const RoeLayout = z
  .object({
    separator: z.enum([';', ',', '|', 'tab']),
    lineEnd: z.enum(['CRLF', 'LF']),
    encoding: z.enum(['utf8', 'latin1']).describe('latin1 is ISO-8859-1'),
    headerLine: z.boolean().describe('whether the first line names the columns'),
    dateFormat: z.enum(['DD-MM-YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'YYYYMMDD']),
    decimalSeparator: z.enum(['.', ',']),
    columns: z.array(RoeColumn).min(1, 'platform:roeLayout.errors.noColumns').max(60),
    recordTypes: z.object({
      operation: code
        .min(1, 'platform:roeLayout.errors.required')
        .describe('the record type of an operation line (ROE)'),
      negative: code
        .min(1, 'platform:roeLayout.errors.required')
        .describe('the record type of the single line of a period without operations'),
    }),
    currencyCodes: z
      .record(
        z.string().regex(/^[A-Z]{3}$/, 'platform:roeLayout.errors.currency'),
        code.min(1, 'platform:roeLayout.errors.required'),
      )
      .describe('a currency as the file writes it (CLP: 152, USD: 840...); a currency not listed is written as it is'),
    personTypeCodes: z
      .object({
        natural: code.min(1, 'platform:roeLayout.errors.required'),
        legal: code.min(1, 'platform:roeLayout.errors.required'),
      })
      .default({ natural: 'NATURAL', legal: 'JURIDICA' })
      .describe('how the file writes a natural and a legal person'),
    documentTypeCodes: z
      .partialRecord(z.enum(DOCUMENT_TYPES), code.min(1, 'platform:roeLayout.errors.required'))
      .default({})
      .describe('a document type as the file writes it (RUT: 1...); a type not listed is written as it is'),
    countryCodes: z
      .record(
        z.string().regex(/^[A-Z]{2}$/, 'platform:roeLayout.errors.country'),
        code.min(1, 'platform:roeLayout.errors.required'),
      )
      .default({})
      .describe("the document's country as the file writes it (CL: 152...); a country not listed is its ISO code"),
    transactionTypeCodes: z
      .partialRecord(z.enum(TRANSACTION_TYPES), code.min(1, 'platform:roeLayout.errors.required'))
      .default({})
      .describe('a kind of transaction as the file writes it; a kind not listed is written as recorded'),
  })
  .superRefine((l, ctx) => {
    for (const p of roeLayoutCrossProblems(l)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type RoeLayoutT = z.infer<typeof RoeLayout>;

/** The layout RegCheck ships (decisions 32, 157): the file as it was before the layout became data. */
export const DEFAULT_ROE_LAYOUT: RoeLayoutT = {
  separator: ';',
  lineEnd: 'CRLF',
  encoding: 'utf8',
  headerLine: true,
  dateFormat: 'DD-MM-YYYY',
  decimalSeparator: '.',
  columns: [
    { header: 'TIPO_REGISTRO', field: 'recordType' },
    { header: 'RUT_SUJETO_OBLIGADO', field: 'companyRut' },
    { header: 'PERIODO_DESDE', field: 'periodFrom' },
    { header: 'PERIODO_HASTA', field: 'periodTo' },
    { header: 'UMBRAL_USD', field: 'thresholdUsd' },
    { header: 'NUMERO_OPERACION', field: 'operationNumber' },
    { header: 'FECHA_OPERACION', field: 'operationDate' },
    { header: 'MONEDA', field: 'currency' },
    { header: 'MONTO_EFECTIVO_PARTICIPE', field: 'participantCash' },
    { header: 'MONTO_EFECTIVO_OPERACION', field: 'operationCash' },
    { header: 'MONTO_EFECTIVO_USD', field: 'operationCashUsd' },
    { header: 'NUMERO_DOCUMENTO', field: 'documentNumber' },
    { header: 'NOMBRE_RAZON_SOCIAL', field: 'name' },
    { header: 'OBSERVACION', field: 'observation' },
  ],
  recordTypes: { operation: 'ROE', negative: 'ROE_NEGATIVO' },
  currencyCodes: {},
  personTypeCodes: { natural: 'NATURAL', legal: 'JURIDICA' },
  documentTypeCodes: {},
  countryCodes: {},
  transactionTypeCodes: {},
};

export const RoeLayoutView = z.object({
  layout: RoeLayout,
  customised: z.boolean().describe('false: the layout RegCheck ships'),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
