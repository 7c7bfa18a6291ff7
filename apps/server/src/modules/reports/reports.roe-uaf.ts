import type { CompanyRow } from '../../db/schema';
import type { Period } from './reports.range';
import type { RoeSnapshotOperation } from './reports.roe-diff';

/**
 * The ROE file for the UAF (Chile). The UAF publishes the obligation (cash operations above USD 10,000 at the observed
 * dollar of the day, quarterly, a negative ROE when there were none) but not a public column layout: reporting
 * entities upload through its portal. This layout (decision in the report of issue 12) is a semicolon-separated UTF-8
 * text with a header line and one line per participant of each operation; the fields whose UAF code is unknown
 * (operation type catalogue, document type codes) carry our own values, named in the header:
 *
 * TIPO_REGISTRO;RUT_SUJETO_OBLIGADO;PERIODO_DESDE;PERIODO_HASTA;NUMERO_OPERACION;FECHA_OPERACION;MONEDA;
 * MONTO_EFECTIVO_PARTICIPE;MONTO_EFECTIVO_OPERACION;MONTO_EFECTIVO_USD;NUMERO_DOCUMENTO;NOMBRE_RAZON_SOCIAL;
 * OBSERVACION
 *
 * TIPO_REGISTRO is ROE for an operation line and ROE_NEGATIVO for the single line of a period without operations.
 * Dates are DD-MM-YYYY, amounts have a dot as decimal separator and no thousands separator. The company's RUT is
 * its `settings.rut` (empty when the company has not set one). OBSERVACION (decision 125) is empty, or, for an
 * operation deleted in RegCheck after it was reportable, "ELIMINADA EL DD-MM-YYYY POR <name>" ("ELIMINADA (FECHA NO REGISTRADA) POR <name>" when the date of the
 * deletion was not recorded): the operation took
 * place and is reported. This file only lays the lines out; which operations it holds is decided before (the ROE
 * of operations.roe.ts) and a period with cash pending a rate never reaches it (reports.roe.ts).
 */
const ROE_HEADER = [
  'TIPO_REGISTRO',
  'RUT_SUJETO_OBLIGADO',
  'PERIODO_DESDE',
  'PERIODO_HASTA',
  'NUMERO_OPERACION',
  'FECHA_OPERACION',
  'MONEDA',
  'MONTO_EFECTIVO_PARTICIPE',
  'MONTO_EFECTIVO_OPERACION',
  'MONTO_EFECTIVO_USD',
  'NUMERO_DOCUMENTO',
  'NOMBRE_RAZON_SOCIAL',
  'OBSERVACION',
];

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

export function roeUafFile(company: CompanyRow | null, p: Period, ops: RoeOperation[]) {
  const settings = (company?.settings ?? {}) as Record<string, unknown>;
  const rut = clean(String(settings.rut ?? ''));
  const head = [rut, dmy(p.from), dmy(p.to)];
  const lines = [ROE_HEADER.join(';')];
  if (ops.length === 0) lines.push(['ROE_NEGATIVO', ...head, '', '', '', '', '', '', '', '', ''].join(';'));
  // an operation without participants still has its line (with no document or name), never none
  for (const o of ops)
    for (const a of o.participants.length ? o.participants : [{ dni: '', name: '', efective: o.cashAmount }])
      lines.push(
        [
          'ROE',
          ...head,
          o.codigoFormatted,
          dmy(o.transactionDate),
          o.divisa,
          amount(a.efective),
          amount(o.cashAmount),
          amount(o.cashAmountUsd),
          clean(a.dni),
          clean(a.name),
          observation(o),
        ].join(';'),
      );
  return {
    body: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
    type: 'text/plain; charset=utf-8',
    filename: `ROE_${p.from}_${p.to}.txt`,
  };
}
