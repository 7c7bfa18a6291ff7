import { FORM_TYPES } from '@regcheck/shared/schemas/forms';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkAnswers, checkTemplate } from './forms.engine';
import { defaultTemplate, optionsOf } from './forms.templates';

const refusal = (raw: unknown) => {
  try {
    checkTemplate(raw);
  } catch (e) {
    return e as AppError;
  }
  return null;
};

describe('the template engine refuses options that repeat', () => {
  it('a select whose options repeat a value is refused with the value and the field', () => {
    const e = refusal({
      title: 'T',
      sections: [
        {
          key: 'funds',
          title: 'Fondos',
          fields: [
            { key: 'amount', type: 'amount', label: 'Monto' },
            {
              key: 'currency',
              type: 'select',
              label: 'Moneda',
              options: [
                { value: 'BRL', label: 'BRL' },
                { value: 'USD', label: 'USD' },
                { value: 'BRL', label: 'Real' },
              ],
            },
          ],
        },
      ],
    });
    expect(e).toBeInstanceOf(AppError);
    expect(e?.code).toBe('FORM_TEMPLATE_DUPLICATE_OPTION');
    expect(e?.field).toBe('configuracion.sections.0.fields.1.options.2.value');
    expect(e?.params).toEqual({ value: 'BRL', field: 'configuracion.sections.0.fields.1' });
  });

  it('a table column whose options repeat is refused too; distinct options pass', () => {
    const table = (values: string[]) => ({
      title: 'T',
      sections: [
        {
          key: 'pep',
          title: 'PEP',
          fields: [
            {
              key: 'relations',
              type: 'table',
              label: 'Relaciones',
              columns: [
                {
                  key: 'relationType',
                  type: 'select',
                  label: 'Tipo',
                  options: values.map((v) => ({ value: v, label: v })),
                },
              ],
            },
          ],
        },
      ],
    });
    const e = refusal(table(['self', 'spouse', 'self']));
    expect(e?.code).toBe('FORM_TEMPLATE_DUPLICATE_OPTION');
    expect(e?.params).toEqual({ value: 'self', field: 'configuracion.sections.0.fields.0.columns.0' });
    expect(refusal(table(['self', 'spouse']))).toBeNull();
  });

  it('options built from data keep each value once, in first order', () => {
    expect(optionsOf(['BRL', 'USD', 'BRL']).map((o) => o.value)).toEqual(['BRL', 'USD']);
  });

  it('every shipped template (4 types x Chile, Brazil x es, pt-BR, en) passes the engine, the Brazilian DOF included', () => {
    for (const type of FORM_TYPES) {
      for (const country of [1, 2]) {
        for (const lang of ['es', 'pt-BR', 'en']) {
          const t = defaultTemplate(type, country, lang);
          expect(refusal(t), `${type} ${country} ${lang}`).toBeNull();
        }
      }
    }
    const brDof = defaultTemplate('formDOF', 2, 'pt-BR');
    const currency = brDof.sections.flatMap((s) => s.fields).find((f) => f.key === 'currency');
    expect(currency?.options?.map((o) => o.value)).toEqual(['BRL', 'USD']);
  });
});

describe('the answers of an empty form: every problem at once (issue 25 point 6)', () => {
  it('names the first field and lists every required field left empty and every bad value in its details', () => {
    const template = defaultTemplate('formDOF', 1, 'es');
    const required = template.sections.flatMap((s) => s.fields).filter((f) => f.required && f.type !== 'checkbox');
    expect(required.length).toBeGreaterThan(2);
    let caught: unknown;
    try {
      checkAnswers(template, {});
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    const err = caught as AppError;
    expect(err.code).toBe('FORM_FIELD_REQUIRED');
    expect(err.field).toBe(`form.data.${required[0]?.key}`);
    const fields = (err.details as { fields: { field: string; code: string; params: { label: string } }[] }).fields;
    expect(fields.map((f) => f.field)).toEqual(required.map((f) => `form.data.${f.key}`));
    expect(fields.map((f) => f.params.label)).toEqual(required.map((f) => f.label));

    // a bad value is listed beside the empty ones, in the template's order
    const amount = template.sections.flatMap((s) => s.fields).find((f) => f.key === 'amount');
    expect(amount).toBeDefined();
    try {
      checkAnswers(template, { amount: 'mucho' });
    } catch (e) {
      caught = e;
    }
    const listed = ((caught as AppError).details as { fields: { field: string; code: string }[] }).fields;
    expect(listed).toContainEqual(expect.objectContaining({ field: 'form.data.amount', code: 'FORM_FIELD_INVALID' }));
    expect(listed).toHaveLength(required.filter((f) => f.key !== 'amount').length + 1);
  });
});
