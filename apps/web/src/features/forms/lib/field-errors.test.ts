import { translate } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors';

describe("a form's field errors all at once (issue 25 point 6)", () => {
  it('words every listed field problem in the reader language, keyed by the field path', () => {
    const details = {
      fields: [
        { field: 'form.data.fullName', code: 'FORM_FIELD_REQUIRED', params: { label: 'Nombre completo' } },
        { field: 'form.data.amount', code: 'FORM_FIELD_INVALID', params: { label: 'Monto' } },
      ],
    };
    const es = fieldErrorsOf(details, (k, p) => translate('es', k, p));
    expect(es).toEqual({
      'form.data.fullName': 'El campo «Nombre completo» es obligatorio',
      'form.data.amount': 'El valor del campo «Monto» no es válido',
    });
    const pt = fieldErrorsOf(details, (k, p) => translate('pt-BR', k, p));
    expect(Object.values(pt ?? {})).toHaveLength(2);
    expect(pt?.['form.data.fullName']).toContain('Nombre completo');
    expect(pt?.['form.data.fullName']).not.toBe(es?.['form.data.fullName']);
  });

  it('lists nothing for an error without field details', () => {
    expect(fieldErrorsOf(undefined, (k) => k)).toBeUndefined();
    expect(fieldErrorsOf({ fields: [] }, (k) => k)).toBeUndefined();
    expect(fieldErrorsOf({ in: 'body' }, (k) => k)).toBeUndefined();
  });
});
