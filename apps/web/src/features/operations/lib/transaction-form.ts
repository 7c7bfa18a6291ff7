import { parseAmount } from './extras-form';

/** A transaction as the per-person screen edits it (strings). */
export interface TransactionDraft {
  transactionType: string;
  transactionDate: string;
  divisa: 'USD' | 'CLP' | 'UF' | 'BRL';
  amount: string;
  cashAmount: string;
  description: string;
  operationId: string | null;
}

export const emptyTransaction = (divisa: TransactionDraft['divisa'] = 'USD'): TransactionDraft => ({
  transactionType: '',
  transactionDate: '',
  divisa,
  amount: '',
  cashAmount: '',
  description: '',
  operationId: null,
});

interface TransactionLike {
  transactionType: string | null;
  transactionDate: string | null;
  divisa: TransactionDraft['divisa'];
  amount: number;
  cashAmount: number;
  description: string | null;
  operationId: string | null;
}

export function toFormValues(t: TransactionLike): TransactionDraft {
  return {
    transactionType: t.transactionType ?? '',
    transactionDate: t.transactionDate ? t.transactionDate.slice(0, 10) : '',
    divisa: t.divisa,
    amount: String(t.amount),
    cashAmount: String(t.cashAmount),
    description: t.description ?? '',
    operationId: t.operationId,
  };
}

export type TransactionIssue = 'amountInvalid' | 'cashInvalid' | 'cashExceeds' | 'dateInvalid' | 'empty';

/** What keeps the transaction from being sent ('empty' when nothing was typed). */
export function validate(d: TransactionDraft): TransactionIssue[] {
  return transactionBody(d, '').issues;
}

/** The body of POST /transactions (with the person's dni) or PATCH /transactions/{id}. */
export function toPayload(d: TransactionDraft, dni: string): Record<string, unknown> {
  return transactionBody(d, dni).body;
}

/** The body of POST /transactions (with the person's dni) or PATCH /transactions/{id}, and its issues. */
export function transactionBody(
  d: TransactionDraft,
  dni: string,
): { body: Record<string, unknown>; issues: TransactionIssue[] } {
  const issues: TransactionIssue[] = [];
  const amount = parseAmount(d.amount) ?? 0;
  const cash = parseAmount(d.cashAmount) ?? 0;
  if (Number.isNaN(amount)) issues.push('amountInvalid');
  if (Number.isNaN(cash)) issues.push('cashInvalid');
  if (!Number.isNaN(amount) && !Number.isNaN(cash) && cash > amount) issues.push('cashExceeds');
  const date = d.transactionDate.trim();
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) issues.push('dateInvalid');
  // nothing typed at all: 'You must enter a new transaction'
  if (!d.transactionType.trim() && !d.amount.trim() && !d.cashAmount.trim() && !date && !d.description.trim()) {
    issues.push('empty');
  }
  return {
    body: {
      dni,
      transactionType: d.transactionType.trim() || null,
      transactionDate: date || null,
      divisa: d.divisa,
      amount,
      cashAmount: cash,
      description: d.description.trim() || null,
      ...(d.operationId ? { operationId: d.operationId } : {}),
    },
    issues,
  };
}

/** The LoopBack filter of GET /transactions for one person's transactions, newest first. */
export function transactionsFilter(dni: string) {
  return JSON.stringify({ where: { dni }, order: ['createdAt DESC'], limit: 200 });
}
