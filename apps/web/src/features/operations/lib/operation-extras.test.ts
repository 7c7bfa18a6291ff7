import { describe, expect, it } from 'vitest';
import { extrasBody, toFormValues as extrasDraft, parseAmount } from './extras-form';
import { transactionBody, toFormValues as transactionDraft, transactionsFilter } from './transaction-form';

describe('insurance and transporter form', () => {
  const op = {
    policyNumber: 'P-1',
    product: null,
    startDate: '2025-01-01',
    endDate: null,
    premiumSFP: 1200.5,
    policyStatus: 'vigente',
    paymentChannel: null,
    paymentMethod: null,
    policyValueAtClosure: null,
    transporter: { transportDni: '12.345.678-5', nationality: 'CL', countries: ['CL', 'AR'] },
  };
  it('starts from the operation and sends nulls for empty fields', () => {
    const d = extrasDraft(op);
    expect(d).toMatchObject({ policyNumber: 'P-1', product: '', premiumSFP: '1200.5', countries: 'CL, AR' });
    const { body, invalid } = extrasBody({ ...d, product: '  Auto ', countries: 'CL, AR, CL; PE' });
    expect(invalid).toEqual([]);
    expect(body).toMatchObject({
      policyNumber: 'P-1',
      product: 'Auto',
      endDate: null,
      premiumSFP: 1200.5,
      policyValueAtClosure: null,
      transporter: { transportDni: '12.345.678-5', nationality: 'CL', countries: ['CL', 'AR', 'PE'] },
    });
  });
  it('clears the transporter when every field is empty; flags bad amounts and dates', () => {
    const d = { ...extrasDraft({ ...op, transporter: null }), premiumSFP: 'abc', endDate: '31/12/2025' };
    const { body, invalid } = extrasBody(d);
    expect(body.transporter).toBeNull();
    expect(invalid).toEqual(['endDate', 'premiumSFP']);
  });
  it('reads amounts with a decimal comma and thousands dots', () => {
    expect(parseAmount('1.234,5')).toBe(1234.5);
    expect(parseAmount('1234.5')).toBe(1234.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-3')).toBeNaN();
  });
});

describe('transaction form', () => {
  it('builds the body with the person, refuses cash above the amount', () => {
    const d = transactionDraft({
      transactionType: 'Venta',
      transactionDate: '2025-03-14T12:00:00.000Z',
      divisa: 'CLP',
      amount: 1000,
      cashAmount: 200,
      description: null,
      operationId: 'op-1',
    });
    expect(d.transactionDate).toBe('2025-03-14');
    expect(transactionBody(d, '123456785')).toEqual({
      body: {
        dni: '123456785',
        transactionType: 'Venta',
        transactionDate: '2025-03-14',
        divisa: 'CLP',
        amount: 1000,
        cashAmount: 200,
        description: null,
        operationId: 'op-1',
      },
      issues: [],
    });
    expect(transactionBody({ ...d, cashAmount: '2.000' }, 'x').issues).toEqual(['cashExceeds']);
    expect(transactionBody({ ...d, amount: 'x', transactionDate: '14/03' }, 'x').issues).toEqual([
      'amountInvalid',
      'dateInvalid',
    ]);
  });
  it('filters the list by the document', () => {
    expect(JSON.parse(transactionsFilter('123456785'))).toEqual({
      where: { dni: '123456785' },
      order: ['createdAt DESC'],
      limit: 200,
    });
  });
});
