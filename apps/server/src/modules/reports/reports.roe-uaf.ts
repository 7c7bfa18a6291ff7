import type { CompanyRow } from '../../db/schema';
import type { Period } from './reports.range';
import type { RoeSnapshotOperation } from './reports.roe-diff';

/**
 * The ROE file for the UAF (Chile). The UAF publishes the obligation (cash operations above USD 10,000 at the observed
 * dollar of the day, quarterly, a negative ROE when there were none) but not a public column layout: reporting
 * entities upload through its portal. This layout (decision 32) is a semicolon-separated UTF-8 text with CRLF line
 * ends, a header line naming the columns and one line per participant of each operation; the columns are the table
 * ROE_COLUMNS below. The fields whose UAF code is unknown (operation type catalogue, document type codes) carry our
 * own values, named in the header.
 *
 * TIPO_REGISTRO is ROE for an operation line and ROE_NEGATIVO for the single line of a period without operations.
 * Every line states the company's RUT (`settings.taxId`, checked on the company screen; without it the file is
 * refused, never given with an empty RUT) and the USD threshold that applied (UMBRAL_USD, decision 157). Dates are
 * DD-MM-YYYY, amounts have a dot as decimal separator and no thousands separator. OBSERVACION (decision 125) is
 * empty, or, for an operation deleted in RegCheck after it was reportable, "ELIMINADA EL DD-MM-YYYY POR <name>"
 * ("ELIMINADA (FECHA NO REGISTRADA) POR <name>" when the date of the deletion was not recorded): the operation took
 * place and is reported. This file only lays the lines out; which operations it holds is decided before (the ROE of
 * operations.roe.ts) and a period with cash pending a rate never reaches it (reports.roe.ts).
 */

/** What a line of the file holds of an operation (the ROE's operation, or one as a filing stored it). */
export type RoeOperation = Pick<
  RoeSnapshotOperation,
  | 'codigoFormatted'
  | 'transactionDate'
  | 'divisa'
  | 'cashAmount'
  | 'cashAmountUsd'
  | 'participants'
  | 'deleted'
  | 'deletedAt'
  | 'deletedByName'
>;

const clean = (v: string) => v.replace(/[;\r\n]+/g, ' ').trim();
const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');
const amount = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : v.toFixed(2));
/** The deletion mark: its recorded date, or "FECHA NO REGISTRADA" (never a guessed date). */
const observation = (o: RoeOperation) => {
  if (!o.deleted && !o.deletedAt) return '';
  const when = o.deletedAt ? `EL ${dmy(o.deletedAt)}` : '(FECHA NO REGISTRADA)';
  return clean(`ELIMINADA ${when}${o.deletedByName ? ` POR ${o.deletedByName}` : ''}`);
};

/** One line of the file: the period's head, and an operation's participant (none on the negative ROE's line). */
interface Line {
  kind: 'ROE' | 'ROE_NEGATIVO';
  rut: string;
  p: Period;
  thresholdUsd: number;
  o?: RoeOperation;
  a?: { dni: string; name: string; efective: number | null };
}

/**
 * The layout, as one table: each column's name in the header line and how a line fills it. A change of the UAF's
 * layout is a change of this table only.
 */
const ROE_COLUMNS: ReadonlyArray<{ name: string; value: (l: Line) => string }> = [
  { name: 'TIPO_REGISTRO', value: (l) => l.kind },
  { name: 'RUT_SUJETO_OBLIGADO', value: (l) => l.rut },
  { name: 'PERIODO_DESDE', value: (l) => dmy(l.p.from) },
  { name: 'PERIODO_HASTA', value: (l) => dmy(l.p.to) },
  { name: 'UMBRAL_USD', value: (l) => amount(l.thresholdUsd) },
  { name: 'NUMERO_OPERACION', value: (l) => l.o?.codigoFormatted ?? '' },
  { name: 'FECHA_OPERACION', value: (l) => (l.o ? dmy(l.o.transactionDate) : '') },
  { name: 'MONEDA', value: (l) => l.o?.divisa ?? '' },
  { name: 'MONTO_EFECTIVO_PARTICIPE', value: (l) => (l.a ? amount(l.a.efective) : '') },
  { name: 'MONTO_EFECTIVO_OPERACION', value: (l) => (l.o ? amount(l.o.cashAmount) : '') },
  { name: 'MONTO_EFECTIVO_USD', value: (l) => (l.o ? amount(l.o.cashAmountUsd) : '') },
  { name: 'NUMERO_DOCUMENTO', value: (l) => clean(l.a?.dni ?? '') },
  { name: 'NOMBRE_RAZON_SOCIAL', value: (l) => clean(l.a?.name ?? '') },
  { name: 'OBSERVACION', value: (l) => (l.o ? observation(l.o) : '') },
];

/** The company's RUT as the file gives it (12345678-5), or '' when none is recorded (the file is then refused). */
export function companyRut(company: CompanyRow | null): string {
  const taxId = ((company?.settings ?? {}) as Record<string, unknown>).taxId;
  return typeof taxId === 'string' ? clean(taxId) : '';
}

export function roeUafFile(company: CompanyRow | null, p: Period, thresholdUsd: number, ops: RoeOperation[]) {
  const head = { rut: companyRut(company), p, thresholdUsd };
  const lines: Line[] = ops.length ? [] : [{ kind: 'ROE_NEGATIVO', ...head }];
  // an operation without participants still has its line (with no document or name), never none
  for (const o of ops)
    for (const a of o.participants.length ? o.participants : [{ dni: '', name: '', efective: o.cashAmount }])
      lines.push({ kind: 'ROE', ...head, o, a });
  const text = [
    ROE_COLUMNS.map((c) => c.name).join(';'),
    ...lines.map((l) => ROE_COLUMNS.map((c) => c.value(l)).join(';')),
  ];
  return {
    body: Buffer.from(`${text.join('\r\n')}\r\n`, 'utf8'),
    type: 'text/plain; charset=utf-8',
    filename: `ROE_${p.from}_${p.to}.txt`,
  };
}
