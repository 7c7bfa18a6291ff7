import {
  type CoafOperationT,
  type CoafStateT,
  coafNonOccurrenceOf,
  coafThresholdOf,
  type Locale,
  nonOccurrenceReminder,
  translate,
} from '@regcheck/shared';
import { formatAmount, formatDate, padCodigo } from '@regcheck/shared/format/index';
import { isBrazil } from '@regcheck/shared/permissions';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { addBusinessDays, localDate, previousBusinessDay } from '../../lib/business-days';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './reports.coaf.repo';
import { issuerOf, workbookHead } from './reports.tables';
import { reportWorkbook } from './reports.xlsx';

/**
 * COAF for Brazil (issue 23, point 3; ../shared/DOMAIN.md "Brazil COAF"; decisions 149 to 152): a Brazilian
 * company's cash operation in BRL of its threshold or more (coafCashThresholdBrl, default R$ 50,000, inclusive) is
 * "COAF communication due" by the next Brazilian business day after the operation (Circular Bacen 3.978/2020 arts.
 * 49 and 50); past that day and not communicated it is late. The officer registers the communication made in
 * SISCOAF with its protocol number and date (audited, append-only). The pending ones (due and late) are exported
 * with the fields SISCOAF's registration asks for (decision 151).
 */

type CoafErrorCode = 'COAF_OPERATION_NOT_FOUND' | 'COAF_ALREADY_COMMUNICATED' | 'COAF_COMMUNICATED_ON_INVALID';

const coafError = (code: CoafErrorCode, o: { field?: string; params?: Record<string, unknown> } = {}) =>
  new AppError(code, { ...o, messageKey: `coaf:errors.${code}` });

/** Today in Brasília, YYYY-MM-DD. */
export const brazilToday = (at = new Date()) => localDate('BR', at);

/** The deadline of an operation of `day`: the next Brazilian business day. */
export const coafDeadline = (day: string, onMissingYear?: (year: number) => void) =>
  addBusinessDays(day, 1, 'BR', onMissingYear);

/** The company's rule: its threshold in BRL, and the cut-off day before which a pending operation is late. */
function ruleOf(c: TenantCaller, today: string) {
  return { threshold: coafThresholdOf(c.auth.company?.settings), cutoff: previousBusinessDay(today, 'BR') };
}

function missingYearLogger(c: TenantCaller) {
  return (year: number) =>
    c.log.error(
      { year },
      'no Brazilian national holidays are dated for this year: the COAF deadline counts Monday to Friday only (the earliest possible date); add the year to BRAZIL_HOLIDAYS in lib/business-days.ts',
    );
}

async function withParticipants(
  trx: Executor,
  c: TenantCaller,
  rows: repo.CoafRow[],
  cutoff: string,
): Promise<CoafOperationT[]> {
  const byOperation = new Map<string, CoafOperationT['participants']>();
  for (const a of await repo.participantsOf(
    trx,
    c.companyId,
    rows.map((r) => r.id),
  )) {
    const list = byOperation.get(a.operationId) ?? [];
    list.push({ dni: a.dni, name: a.name, personType: a.personType, efective: Number(a.efective) });
    byOperation.set(a.operationId, list);
  }
  const onMissing = missingYearLogger(c);
  return rows.map((r) => {
    const state: CoafStateT = r.protocol !== null ? 'communicated' : r.operationDay < cutoff ? 'late' : 'due';
    return {
      id: r.id,
      codigo: r.codigo,
      codigoFormatted: padCodigo(r.codigo),
      operationDate: r.operationDay,
      deadline: coafDeadline(r.operationDay, onMissing),
      state,
      amount: Number(r.amount),
      cashAmount: Number(r.cashAmount),
      currency: r.divisa,
      transactionType: r.transactionType,
      participants: byOperation.get(r.id) ?? [],
      deleted: r.deleted,
      communication:
        r.protocol !== null
          ? {
              protocol: r.protocol,
              communicatedOn: r.communicatedOn ?? '',
              registeredByName: r.registeredByName ?? '',
              registeredAt: new Date(r.registeredAt ?? 0).toISOString(),
            }
          : null,
    };
  });
}

/** How many of the cash operations the COAF rule could not check (not in BRL) the queue lists by name. */
const UNCHECKED_SHOWN = 50;

/**
 * GET /informes/coaf: the counts of the three states and one page of the asked state; and the cash operations in
 * another currency than BRL, which RegCheck cannot compare with the threshold (no BRL rate series; decision 158):
 * listed as "not checked" so that no cash operation is left out silently.
 */
export async function coafQueue(
  deps: AppDeps,
  c: TenantCaller,
  q: { state: CoafStateT; limit: number; skip: number },
  today = brazilToday(),
) {
  const rule = ruleOf(c, today);
  return withTenant(deps.db, c.companyId, async (trx) => {
    const counts = await repo.counts(trx, c.companyId, rule.threshold, rule.cutoff);
    const rows = await repo.list(trx, c.companyId, { states: [q.state], ...rule, limit: q.limit, skip: q.skip });
    const unchecked = {
      total: await repo.uncheckedCount(trx, c.companyId),
      rows: await repo.uncheckedOldest(trx, c.companyId, UNCHECKED_SHOWN),
    };
    return {
      thresholdBrl: rule.threshold,
      today,
      counts,
      unchecked: {
        count: unchecked.total,
        data: unchecked.rows.map((r) => ({
          id: r.id,
          codigo: r.codigo,
          codigoFormatted: padCodigo(r.codigo),
          operationDate: r.operationDay,
          currency: r.divisa,
          cashAmount: Number(r.cashAmount),
          deleted: r.deleted,
        })),
      },
      data: await withParticipants(trx, c, rows, rule.cutoff),
      count: counts[q.state],
      nonOccurrence: coafNonOccurrenceOf(c.auth.company?.settings) ? nonOccurrenceReminder(today) : null,
    };
  });
}

/**
 * The home dashboard's COAF figure: the counts as of today and the non-occurrence reminder (January, where the
 * sector needs it); null for a company the COAF does not apply to (not Brazilian).
 */
export async function coafSummary(deps: AppDeps, c: TenantCaller, today = brazilToday()) {
  if (!isBrazil(c.auth.company?.country)) return null;
  const rule = ruleOf(c, today);
  const { counts, unchecked } = await withTenant(deps.db, c.companyId, async (trx) => ({
    counts: await repo.counts(trx, c.companyId, rule.threshold, rule.cutoff),
    unchecked: await repo.uncheckedCount(trx, c.companyId),
  }));
  return {
    ...counts,
    unchecked,
    nonOccurrence: coafNonOccurrenceOf(c.auth.company?.settings) ? nonOccurrenceReminder(today) : null,
  };
}

/**
 * POST /informes/coaf/{id}/communication: registers the communication of an operation made in SISCOAF, with its
 * protocol number and the day it was sent (not in the future, not before the operation), in one transaction with
 * its audit row `report.coaf.communicated`. 404 for an operation the company does not have or that is not COAF cash
 * (BRL below the threshold); 409 when it was communicated already (a registration is never changed or undone).
 */
export async function communicate(
  deps: AppDeps,
  c: TenantCaller,
  operationId: string,
  body: { protocol: string; communicatedOn: string },
  today = brazilToday(),
): Promise<CoafOperationT> {
  const rule = ruleOf(c, today);
  return withTenant(deps.db, c.companyId, async (trx) => {
    const op = await repo.lockOperation(trx, c.companyId, operationId, rule.threshold);
    // cash in another currency is not checked by RegCheck: the officer who converted it by hand registers it too
    if (!op || (!op.atThreshold && !op.unchecked && !op.communicated)) throw coafError('COAF_OPERATION_NOT_FOUND');
    if (op.communicated) throw coafError('COAF_ALREADY_COMMUNICATED');
    if (body.communicatedOn > today || body.communicatedOn < op.operationDay)
      throw coafError('COAF_COMMUNICATED_ON_INVALID', {
        field: 'communicatedOn',
        params: { from: formatDate(op.operationDay), to: formatDate(today) },
      });
    const deadline = coafDeadline(op.operationDay, missingYearLogger(c));
    const stored = await repo.insertCommunication(trx, c.companyId, {
      operationId,
      protocol: body.protocol,
      communicatedOn: body.communicatedOn,
      operationDay: op.operationDay,
      deadline,
      cashAmount: Number(op.cashAmount),
      currency: op.divisa,
      thresholdBrl: rule.threshold,
      registeredBy: c.auth.userId,
      registeredByName: c.auth.user.name,
    });
    await audit(trx, c, {
      action: 'report.coaf.communicated',
      entity: 'operation',
      id: operationId,
      before: { coafState: op.operationDay < rule.cutoff ? 'late' : 'due', deadline },
      after: {
        coafState: 'communicated',
        protocol: body.protocol,
        communicatedOn: body.communicatedOn,
        onTime: body.communicatedOn <= deadline,
        communicationId: stored.id,
      },
    });
    const rows = await repo.list(trx, c.companyId, { states: ['communicated'], ...rule, operationId });
    const [view] = await withParticipants(trx, c, rows, rule.cutoff);
    if (!view) throw new Error('the COAF communication was not stored');
    return view;
  });
}

/**
 * The columns of the export of pending communications, in SISCOAF's order of the registration of a communication
 * (decision 151): the operation's data, then one row per person involved (envolvido) with their CPF/CNPJ.
 */
export const COAF_EXPORT_COLUMNS = [
  'operation',
  'operationDate',
  'deadline',
  'state',
  'transactionType',
  'amount',
  'cashAmount',
  'personType',
  'document',
  'name',
  'personCash',
  'deleted',
] as const;

/** GET /informes/coaf/export: the pending communications (due and late) as csv or xlsx, audited. */
export async function coafExport(
  deps: AppDeps,
  c: TenantCaller,
  locale: Locale,
  format: 'csv' | 'xlsx',
  today = brazilToday(),
) {
  const rule = ruleOf(c, today);
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, `coaf:${key}`, params);
  const ops = await withTenant(deps.db, c.companyId, async (trx) => {
    const rows = await repo.list(trx, c.companyId, { states: ['late', 'due'], ...rule });
    const out = await withParticipants(trx, c, rows, rule.cutoff);
    await audit(trx, c, {
      action: 'report.coaf.exported',
      entity: 'report',
      id: null,
      after: { format, operations: out.length, thresholdBrl: rule.threshold, today },
    });
    return out;
  });
  const columns = COAF_EXPORT_COLUMNS.map((k) => t(`export.columns.${k}`));
  const rows: (string | number)[][] = [];
  for (const o of ops) {
    const people = o.participants.length ? o.participants : [null];
    for (const p of people) {
      const line = [
        o.codigoFormatted,
        formatDate(o.operationDate),
        formatDate(o.deadline),
        t(`state.${o.state}`),
        o.transactionType ?? '',
        format === 'xlsx' ? o.amount : formatAmount(o.amount, { decimals: 2 }),
        format === 'xlsx' ? o.cashAmount : formatAmount(o.cashAmount, { decimals: 2 }),
        p ? t(`export.personType.${p.personType}`) : '',
        p?.dni ?? '',
        p?.name ?? '',
        p ? (format === 'xlsx' ? p.efective : formatAmount(p.efective, { decimals: 2 })) : '',
        o.deleted ? t('export.yes') : t('export.no'),
      ];
      rows.push(line);
    }
  }
  const title = t('export.title', { threshold: formatAmount(rule.threshold, { decimals: 2 }) });
  const period = t('export.generated', { date: formatDate(today) });
  const name = `coaf-pendentes-${today}`;
  if (format === 'xlsx') {
    const body = await reportWorkbook(workbookHead(locale, title, period, issuerOf(c)), [
      {
        sheet: t('export.sheet'),
        columns,
        rows,
        kinds: ['text', 'date', 'date', 'text', 'text', 'amount', 'amount', 'text', 'text', 'text', 'amount', 'text'],
        empty: t('export.none'),
      },
    ]);
    return {
      body,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${name}.xlsx`,
    };
  }
  const lines = [[title], [period], columns, ...rows.map((r) => r.map(String))];
  const text = lines.map((l) => l.map(csvCell).join(';')).join('\r\n');
  return { body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), type: 'text/csv; charset=utf-8', filename: `${name}.csv` };
}

/** A CSV cell: quoted when it holds the separator, a quote or a line end; a leading = + - @ is neutralised. */
function csvCell(v: string) {
  const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
