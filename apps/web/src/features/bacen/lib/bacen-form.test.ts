import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload, validate } from './bacen-form';

const base = () => ({
  ...toFormValues(new Date('2026-05-01T10:00:00')),
  description: 'Indícios',
  registeringInstitution: 'Banco Demo S.A.',
  consent: true,
});

describe('Bacen form: the destination account of a transfer', () => {
  it('a transfer needs the destination institution and account', () => {
    const v = { ...base(), operationType: 'transfer' as const };
    expect(validate(v, new Date('2026-05-01T11:00:00'))).toEqual({ institution: 'records:bacen.form.errors.required' });
    expect(validate({ ...v, institution: 'Banco Destino' }, new Date('2026-05-01T11:00:00'))).toEqual({
      account: 'records:bacen.form.errors.required',
    });
    expect(validate({ ...v, institution: 'Banco Destino', account: '1-2' }, new Date('2026-05-01T11:00:00'))).toEqual(
      {},
    );
  });

  it('a Pix needs its key or the institution and account; another operation needs none', () => {
    const now = new Date('2026-05-01T11:00:00');
    const v = base();
    expect(validate(v, now)).toEqual({ pixKey: 'records:bacen.form.errors.pixKeyOrAccount' });
    expect(validate({ ...v, pixKey: 'x@example.com' }, now)).toEqual({});
    expect(validate({ ...v, institution: 'Banco', account: '9' }, now)).toEqual({});
    const other = { ...v, operationType: 'other' as const };
    expect(validate(other, now)).toEqual({});
    expect(toPayload(other).destination).toBeNull();
  });
});
