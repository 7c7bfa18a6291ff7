import { DEFAULT_ROE_LAYOUT, type RoeFieldT, type RoeLayoutT } from '@regcheck/shared/schemas/roe-layout';
import type { CompanyRow } from '../../db/schema';
import type { Period } from './reports.range';
import type { RoeSnapshotOperation } from './reports.roe-diff';

/**
 * The ROE file for the UAF (Chile). The UAF publishes the obligation (cash operations above USD 10,000 at the observed
 * dollar of the day, quarterly, a negative ROE when there were none) but its upload instructions could not be read
 * from here: the layout RegCheck ships (decisions 32 and 157) is its own, and it is data (decision 180), a RoeLayout
 * the super administrator changes without a release (platform setting `roe.layout`; DEFAULT_ROE_LAYOUT otherwise):
 * which columns in which order with which header, the codes of the record types and currencies, the separator, the
 * line ends, the encoding, the dates and the decimal separator. One line per participant of each operation.
 *
 * The record type marks an operation line and the single line of a period without operations (negative ROE). Every
 * line can state the company's RUT (`settings.taxId`, checked on the company screen; without it the file is refused,
 * never given with an empty RUT) and the USD threshold that applied (decision 157). Amounts have no thousands
 * separator. The observation (decision 125) is empty, or, for an operation deleted in RegCheck after it was
 * reportable, "ELIMINADA EL <date> POR <name>" ("ELIMINADA (FECHA NO REGISTRADA) POR <name>" when the date of the
 * deletion was not recorded): the operation took place and is reported. This file only lays the lines out; which
 * operations it holds is decided before (the ROE of operations.roe.ts) and a period with cash pending a rate never
 * reaches it (reports.roe.ts).
 *
 * The participant's person type, document type and document country and the operation's kind of transaction are
 * written through the layout's code tables (decision 204); a value without a code is written as recorded (a document
 * type, an ISO country, the kind's key), and a value RegCheck does not hold is an empty cell, never a guess.
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
  | 'transactionType'
  | 'deleted'
  | 'deletedAt'
  | 'deletedByName'
>;

const SEPARATORS = { ';': ';', ',': ',', '|': '|', tab: '\t' } as const;

/** How a layout writes a value: text without separators or line breaks, its dates, its amounts. */
function notation(layout: RoeLayoutT) {
  const sep = SEPARATORS[layout.separator];
  // the separator and line breaks inside a value become a space (the file has no quoting)
  const breaks = new RegExp(`[${sep === '\t' ? '\\t' : `\\${sep}`}\\r\\n]+`, 'g');
  const clean = (v: string) => v.replace(breaks, ' ').trim();
  const date = (iso: string | null) => {
    if (!iso) return '';
    const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
    switch (layout.dateFormat) {
      case 'DD/MM/YYYY':
        return `${d}/${m}/${y}`;
      case 'YYYY-MM-DD':
        return `${y}-${m}-${d}`;
      case 'YYYYMMDD':
        return `${y}${m}${d}`;
      default:
        return `${d}-${m}-${y}`;
    }
  };
  const amount = (v: number | null | undefined) =>
    v === null || v === undefined || !Number.isFinite(v) ? '' : v.toFixed(2).replace('.', layout.decimalSeparator);
  /** The deletion mark: its recorded date, or "FECHA NO REGISTRADA" (never a guessed date). */
  const observation = (o: RoeOperation) => {
    if (!o.deleted && !o.deletedAt) return '';
    const when = o.deletedAt ? `EL ${date(o.deletedAt)}` : '(FECHA NO REGISTRADA)';
    return clean(`ELIMINADA ${when}${o.deletedByName ? ` POR ${o.deletedByName}` : ''}`);
  };
  return { sep, clean, date, amount, observation };
}

/** One line of the file: the period's head, and an operation's participant (none on the negative ROE's line). */
interface Line {
  negative: boolean;
  rut: string;
  p: Period;
  thresholdUsd: number;
  o?: RoeOperation;
  a?: RoeOperation['participants'][number];
}

/** A recorded value through its code table: its code, else the value as recorded; '' when none is recorded. */
function coded(
  n: ReturnType<typeof notation>,
  codes: Partial<Record<string, string>>,
  value: string | null | undefined,
) {
  return value ? n.clean(codes[value] ?? value) : '';
}

/** How a line fills each field a column may hold (RoeField), in the layout's notation. */
function fieldValue(layout: RoeLayoutT, n: ReturnType<typeof notation>, field: RoeFieldT, l: Line, constant = '') {
  switch (field) {
    case 'recordType':
      return l.negative ? layout.recordTypes.negative : layout.recordTypes.operation;
    case 'companyRut':
      return l.rut;
    case 'periodFrom':
      return n.date(l.p.from);
    case 'periodTo':
      return n.date(l.p.to);
    case 'thresholdUsd':
      return n.amount(l.thresholdUsd);
    case 'operationNumber':
      return l.o?.codigoFormatted ?? '';
    case 'operationDate':
      return l.o ? n.date(l.o.transactionDate) : '';
    case 'currency':
      return l.o ? (layout.currencyCodes[l.o.divisa] ?? l.o.divisa) : '';
    case 'participantCash':
      return l.a ? n.amount(l.a.efective) : '';
    case 'operationCash':
      return l.o ? n.amount(l.o.cashAmount) : '';
    case 'operationCashUsd':
      return l.o ? n.amount(l.o.cashAmountUsd) : '';
    case 'documentNumber':
      return n.clean(l.a?.dni ?? '');
    case 'name':
      return n.clean(l.a?.name ?? '');
    case 'observation':
      return l.o ? n.observation(l.o) : '';
    case 'personType':
      return l.a?.personType ? layout.personTypeCodes[l.a.personType] : '';
    case 'documentType':
      return coded(n, layout.documentTypeCodes, l.a?.documentType);
    case 'documentCountry':
      return coded(n, layout.countryCodes, l.a?.documentCountry);
    case 'transactionType':
      return coded(n, layout.transactionTypeCodes, l.o?.transactionType);
    case 'constant':
      return constant;
  }
}

/** The company's RUT as the file gives it (12345678-5), or '' when none is recorded (the file is then refused). */
export function companyRut(company: CompanyRow | null): string {
  const taxId = ((company?.settings ?? {}) as Record<string, unknown>).taxId;
  return typeof taxId === 'string' ? taxId.replace(/[;,|\t\r\n]+/g, ' ').trim() : '';
}

/** The ROE file of a period as `layout` lays it out (the layout in force: reports.roe-layout.ts). */
export function roeUafFile(
  company: CompanyRow | null,
  p: Period,
  thresholdUsd: number,
  ops: RoeOperation[],
  layout: RoeLayoutT = DEFAULT_ROE_LAYOUT,
) {
  const n = notation(layout);
  const head = { rut: companyRut(company), p, thresholdUsd };
  const lines: Line[] = ops.length ? [] : [{ negative: true, ...head }];
  // an operation without participants still has its line (with no document or name), never none
  for (const o of ops)
    for (const a of o.participants.length ? o.participants : [{ dni: '', name: '', efective: o.cashAmount }])
      lines.push({ negative: false, ...head, o, a });
  const text = [
    ...(layout.headerLine ? [layout.columns.map((c) => c.header).join(n.sep)] : []),
    ...lines.map((l) => layout.columns.map((c) => fieldValue(layout, n, c.field, l, c.value)).join(n.sep)),
  ];
  const eol = layout.lineEnd === 'CRLF' ? '\r\n' : '\n';
  const charset = layout.encoding === 'latin1' ? 'iso-8859-1' : 'utf-8';
  return {
    body: Buffer.from(`${text.join(eol)}${eol}`, layout.encoding),
    type: `text/plain; charset=${charset}`,
    filename: `ROE_${p.from}_${p.to}.txt`,
  };
}
