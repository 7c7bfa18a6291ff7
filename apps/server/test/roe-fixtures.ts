import { cpfCheckDigits } from '@regcheck/shared/documents/cpf';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** Documents from a test file's own range, so that no two files share a participant: a RUT or a CPF. */
export function documentsFrom(start: number) {
  let seq = start;
  return {
    rut() {
      const body = String(seq++);
      return `${body}-${rutCheckDigit(body)}`;
    },
    cpf() {
      const base = String(seq++).padStart(9, '0').slice(-9);
      return `${base}${cpfCheckDigits(base)}`;
    },
  };
}

export interface CashOperation {
  id: string;
  codigoFormatted: string;
  associates: { dni: string }[];
  roe: boolean;
  cashAmountUsd: number | null;
  cashRatePending: string | null;
}

/**
 * A cash operation of one participant (a new ficha) who pays all of it in cash, as the ROE tests make them: on
 * `transactionDate`, in `divisa` (CLP by default), created by `as` (the administrator by default) of `company`.
 */
export async function cashOperation(
  t: TestApp,
  o: {
    transactionDate: string;
    cash: number;
    dni: string;
    divisa?: string;
    as?: string;
    company?: 'cl' | 'br';
    person?: { name: string; fatherName: string };
  },
): Promise<CashOperation> {
  const company = o.company ?? 'cl';
  const res = await t.post({ as: o.as ?? 'admin', company }, '/api/consultations', {
    transactionDate: o.transactionDate,
    divisa: o.divisa ?? 'CLP',
    includesCash: true,
    associates: [
      {
        dni: o.dni,
        type: 'natural',
        monto: o.cash,
        efective: o.cash,
        newFicha: {
          ...(o.person ?? { name: 'Luis', fatherName: 'Mena' }),
          nationality: company === 'br' ? 'BR' : 'CL',
        },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CashOperation;
}
