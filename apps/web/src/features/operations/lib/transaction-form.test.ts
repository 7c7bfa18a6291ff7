import { describe, expect, it } from 'vitest';
import { emptyTransaction, transactionBody } from './transaction-form';

describe('transaction form', () => {
  it('an untouched form asks for a new transaction', () => {
    expect(transactionBody(emptyTransaction('CLP'), '12345678-5').issues).toContain('empty');
  });
  it('a typed transaction is not empty, and cash above the amount is flagged', () => {
    const d = { ...emptyTransaction('CLP'), transactionType: 'compra', amount: '1.000', cashAmount: '2.000' };
    const { issues } = transactionBody(d, '12345678-5');
    expect(issues).not.toContain('empty');
    expect(issues).toContain('cashExceeds');
  });
});
