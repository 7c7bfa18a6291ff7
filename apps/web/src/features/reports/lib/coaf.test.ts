import { describe, expect, it } from 'vitest';
import { brazilToday, coafApplies, coafFigure, communicatedOnProblem, formatBrl, protocolProblem } from './coaf';

describe('the COAF is Brazil’s', () => {
  it('applies to a Brazilian company only', () => {
    expect(coafApplies('BR')).toBe(true);
    expect(coafApplies('br')).toBe(true);
    expect(coafApplies('CL')).toBe(false);
    expect(coafApplies(null)).toBe(false);
  });
});

describe('the register-communication dialog', () => {
  it('requires a protocol number of letters, digits, dots, slashes and hyphens', () => {
    expect(protocolProblem('')).toBe('coaf:dialog.protocolRequired');
    expect(protocolProblem('   ')).toBe('coaf:dialog.protocolRequired');
    expect(protocolProblem('2026.05/000123-4')).toBeNull();
    expect(protocolProblem('12 34')).toBe('coaf:dialog.protocolInvalid');
    expect(protocolProblem('x'.repeat(61))).toBe('coaf:dialog.protocolInvalid');
  });

  it('takes a sending date between the operation and today', () => {
    expect(communicatedOnProblem('', '2026-05-04', '2026-05-10')).toBe('coaf:dialog.communicatedOnRequired');
    expect(communicatedOnProblem('2026-05-03', '2026-05-04', '2026-05-10')).toBe(
      'coaf:errors.COAF_COMMUNICATED_ON_INVALID',
    );
    expect(communicatedOnProblem('2026-05-11', '2026-05-04', '2026-05-10')).toBe(
      'coaf:errors.COAF_COMMUNICATED_ON_INVALID',
    );
    expect(communicatedOnProblem('2026-05-04', '2026-05-04', '2026-05-10')).toBeNull();
    expect(communicatedOnProblem('2026-05-10', '2026-05-04', '2026-05-10')).toBeNull();
  });

  it('counts today in Brasília, not in UTC', () => {
    expect(brazilToday(new Date('2026-03-10T02:30:00Z'))).toBe('2026-03-09');
  });
});

describe('the dashboard figure', () => {
  it('is red with anything late, orange with something due, teal with nothing', () => {
    expect(coafFigure({ due: 3, late: 1 })).toEqual({ tone: 'red', state: 'late' });
    expect(coafFigure({ due: 3, late: 0 })).toEqual({ tone: 'orange', state: 'due' });
    expect(coafFigure({ due: 0, late: 0 })).toEqual({ tone: 'teal', state: 'none' });
    expect(coafFigure(null)).toBeNull();
  });
});

describe('amounts in reais', () => {
  it('always show their two decimals in the page’s notation', () => {
    expect(formatBrl(60_000, 'pt-BR')).toBe('R$ 60.000,00');
    expect(formatBrl(50_000, 'es')).toBe('R$ 50.000,00');
    expect(formatBrl(123_456.78, 'en')).toBe('R$ 123,456.78');
  });
});
