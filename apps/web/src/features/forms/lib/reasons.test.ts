import { translate } from '@regcheck/shared';
import type { FormReasonT } from '@regcheck/shared/schemas/forms';
import { describe, expect, it } from 'vitest';
import { reasonInWords, reasonLines } from './reasons';

const tr = (lang: 'es' | 'pt-BR' | 'en') => (k: string, p?: Record<string, unknown>) => translate(lang, k, p);

const aboveInUsd: FormReasonT = {
  code: 'dofAboveThreshold',
  params: {
    amount: 30_000_000,
    currency: 'CLP',
    threshold: 1_000,
    thresholdCurrency: 'USD',
    converted: 31_914.893,
    rateDate: '2025-11-14',
  },
};
const pep: FormReasonT = {
  code: 'pepParticipant',
  params: { status: 'direct', until: '2027-11-14', source: 'register', position: 'Diputada' },
};
const renewal: FormReasonT = {
  code: 'renewal',
  params: { lastSigned: '2025-11-14', windowDays: 365, dueOn: '2026-11-14' },
};
const below: FormReasonT = {
  code: 'dofBelowThreshold',
  params: { amount: 450_000, currency: 'CLP', threshold: 1_000_000, thresholdCurrency: 'CLP', converted: null },
};

describe('why a form is required, in words', () => {
  it('Spanish: the amount, the threshold as configured and the day’s rate, the house formats', () => {
    expect(reasonInWords(aboveInUsd, tr('es'))).toBe(
      'Monto del participante CLP 30.000.000, sobre el umbral de la empresa de USD 1.000 ' +
        '(USD 31.914,89 al tipo de cambio del 14/11/2025)',
    );
    expect(reasonInWords({ code: 'bfLegalPerson', params: {} }, tr('es'))).toBe(
      'Persona jurídica: declara quiénes son sus beneficiarios finales',
    );
    expect(reasonInWords(pep, tr('es'))).toBe(
      'Participante PEP directo hasta el 14/11/2027 (registro PEP, por documento)',
    );
    expect(reasonInWords(renewal, tr('es'))).toBe(
      'Renovación: última firmada el 14/11/2025, ventana de 365 días (vencida el 14/11/2026)',
    );
    expect(reasonLines({ required: false, reasons: [below] }, tr('es'))).toEqual([
      'No requerido: monto del participante CLP 450.000, bajo el umbral de la empresa de CLP 1.000.000',
    ]);
  });

  it('English and Portuguese: the same values in the reader’s language', () => {
    expect(reasonInWords(aboveInUsd, tr('en'))).toBe(
      "Participant's amount CLP 30.000.000, above the company's threshold of USD 1.000 " +
        '(USD 31.914,89 at the rate of 14/11/2025)',
    );
    expect(reasonInWords(pep, tr('en'))).toBe(
      'The participant is a direct PEP until 14/11/2027 (PEP register, by document)',
    );
    expect(reasonInWords(renewal, tr('pt-BR'))).toBe(
      'Renovação: última assinada em 14/11/2025, janela de 365 dias (vencida em 14/11/2026)',
    );
  });

  it('a missing rate is said, not guessed; the due diligence names its rule and the amount in USD', () => {
    expect(
      reasonInWords(
        {
          code: 'dofRateMissing',
          params: {
            amount: 500_000,
            currency: 'CLP',
            threshold: 1_000,
            thresholdCurrency: 'USD',
            day: '2016-06-15',
            missing: 'CLP',
          },
        },
        tr('es'),
      ),
    ).toBe(
      'Monto del participante CLP 500.000, umbral de la empresa USD 1.000: no hay tipo de cambio de CLP para el ' +
        '15/06/2016, así que se pide la declaración hasta que se cargue',
    );
    expect(
      reasonInWords(
        {
          code: 'dofDueDiligence',
          params: {
            rule: 'fatfR10Occasional',
            thresholdUsd: 15_000,
            operationAmount: 16_560_000,
            currency: 'CLP',
            amountUsd: 18_400,
            rateDate: '2018-05-14',
          },
        },
        tr('en'),
      ),
    ).toBe(
      `Due diligence of the operation: ${translate('en', 'operations:dueDiligence.rules.fatfR10Occasional', { threshold: '15.000' })}; ` +
        'operation of CLP 16.560.000, USD 18.400 at the rate of 14/05/2018',
    );
  });
});
