import { describe, expect, it } from 'vitest';
import { historyColumns } from './history-columns';
import { type ParticipantDraft, validate as participantIssues, toAssociates, totals } from './operation-form';

const draft = (key: string, dni: string, monto: string, efective = '0', extra: Partial<ParticipantDraft> = {}) => ({
  key,
  dni,
  type: 'natural' as const,
  fichaId: null,
  name: '',
  email: null,
  risk: null,
  isNew: false,
  newName: '',
  newFatherName: '',
  newEmail: '',
  monto,
  efective,
  ...extra,
});

describe('new operation form', () => {
  it('flags cash above the amount, the same document twice, a missing amount and a new ficha without name', () => {
    const issues = participantIssues([
      draft('a', '12.345.678-5', '1.000', '2.000'),
      draft('b', '123456785', '10'),
      draft('c', '11.111.111-1', '', '0', { isNew: true }),
    ]);
    expect(issues.a).toEqual(['cashExceeds', 'duplicate']);
    expect(issues.b).toEqual(['duplicate']);
    expect(issues.c).toEqual(['amountRequired', 'nameRequired']);
  });

  it('adds totals with dot thousands and comma decimals and builds the request body', () => {
    const list = [
      draft('a', '1-9', '1.000.000,50', '200.000'),
      draft('b', '2-7', '500.000', '', { isNew: true, newName: 'Ana' }),
    ];
    expect(totals(list)).toEqual({ amount: 1_500_000.5, cash: 200_000 });
    expect(toAssociates(list)[1]).toMatchObject({ monto: 500_000, efective: 0, newFicha: { name: 'Ana' } });
  });
});

describe('customer-management columns', () => {
  it('shows fewer columns to front desk, ROS and creator to admin, ROE in Chile only', () => {
    expect(historyColumns('frontdesk', 'CL')).toEqual([
      'codigo',
      'transactionDate',
      'participants',
      'amount',
      'status',
      'forms',
    ]);
    expect(historyColumns('admin', 'CL')).toContain('ros');
    expect(historyColumns('admin', 'CL')).toContain('creator');
    expect(historyColumns('adminNoUser', 'CL')).not.toContain('creator');
    expect(historyColumns('admin', 'BR')).not.toContain('roe');
  });
});
