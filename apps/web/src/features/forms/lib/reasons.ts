import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormReasonT } from '@regcheck/shared/schemas/forms';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Why a form is required, or why not, in the reader's language (issue 25 point 5): the server's reason (a code and
 * its values) worded with the house formats, amounts 1.234,5 after their currency code and days dd/mm/yyyy, as the
 * operation screen shows them. The currency stays a code (CLP, USD, UF, BRL): "$" alone would not say which peso.
 */
export function reasonInWords(r: FormReasonT, t: T): string {
  const p = r.params;
  const num = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : null);
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null);
  const money = (amountKey: string, currencyKey: string) =>
    `${str(currencyKey) ?? ''} ${formatAmount(num(amountKey))}`.trim();
  const day = (k: string) => formatDate(str(k)) || '—';
  const conversion = () => {
    const converted = num('converted');
    const rateDate = str('rateDate');
    if (converted === null || !rateDate) return '';
    return t('forms:reasons.conversion', {
      converted: `${str('thresholdCurrency') ?? ''} ${formatAmount(converted)}`.trim(),
      date: formatDate(rateDate),
    });
  };
  const amounts = () => ({
    amount: money('amount', 'currency'),
    threshold: money('threshold', 'thresholdCurrency'),
    conversion: conversion(),
  });
  const pepStatus = () => t(`forms:findings.pepStatus.${str('status') ?? 'direct'}`);
  const pepSource = () => (str('source') ? ` (${t(`fichas:pepLine.sources.${str('source')}`)})` : '');
  switch (r.code) {
    case 'dofAboveThreshold':
    case 'dofAtThreshold':
    case 'dofBelowThreshold':
      return t(`forms:reasons.${r.code}`, amounts());
    case 'dofEveryAmount':
      return t('forms:reasons.dofEveryAmount', { amount: money('amount', 'currency') });
    case 'dofRateMissing':
      return t('forms:reasons.dofRateMissing', { ...amounts(), missing: str('missing') ?? '', day: day('day') });
    case 'dofDueDiligence': {
      const currency = str('currency');
      const usd = num('amountUsd');
      const rateDate = str('rateDate');
      return t('forms:reasons.dofDueDiligence', {
        rule: t(`operations:dueDiligence.rules.${str('rule') ?? ''}`, {
          threshold: formatAmount(num('thresholdUsd')),
        }),
        operation: money('operationAmount', 'currency'),
        conversion:
          currency !== 'USD' && usd !== null && rateDate
            ? t('forms:reasons.ddConversion', { amountUsd: formatAmount(usd), date: formatDate(rateDate) })
            : '',
      });
    }
    case 'dofDueDiligencePending':
      return t('forms:reasons.dofDueDiligencePending', { day: day('day') });
    case 'pepParticipant':
      return str('until')
        ? t('forms:reasons.pepParticipant', { status: pepStatus(), until: day('until'), source: pepSource() })
        : t('forms:reasons.pepParticipantNoEnd', { status: pepStatus(), source: pepSource() });
    case 'pepRuleOff':
      return t('forms:reasons.pepRuleOff', { status: pepStatus() });
    case 'pepFormer':
      return t('forms:reasons.pepFormer', { until: day('until') });
    case 'renewal':
      return t('forms:reasons.renewal', {
        lastSigned: day('lastSigned'),
        days: formatAmount(num('windowDays')),
        dueOn: day('dueOn'),
      });
    case 'renewalRequested':
      return t('forms:reasons.renewalRequested', { by: str('by') ?? t('forms:reasons.someone'), at: day('at') });
    default:
      return t(`forms:reasons.${r.code}`);
  }
}

/** The lines the Forms panel shows under a form: why it is required, or "Not required: why not". */
export function reasonLines(f: { required: boolean; reasons?: FormReasonT[] }, t: T): string[] {
  const words = (f.reasons ?? []).map((r) => reasonInWords(r, t));
  if (f.required) return words;
  return words.map((reason) => t('forms:reasons.notRequired', { reason }));
}
