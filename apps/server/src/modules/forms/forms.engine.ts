import {
  FIELD_TYPES,
  type FieldType,
  type FormFieldT,
  FormTemplateConfig,
  type FormTemplateConfigT,
} from '@regcheck/shared/schemas/forms';
import { AppError } from '../../lib/errors';
import { formError } from './forms.errors';

/**
 * The one engine of every form type: a template (sections of typed fields, as data) is checked once when saved, and
 * the answers of a visitor are checked and normalised against it. Field types outside FIELD_TYPES are refused with
 * the path of the offending field.
 */

const KNOWN = new Set<string>(FIELD_TYPES);

/**
 * A field whose options repeat a value is refused (400 FORM_TEMPLATE_DUPLICATE_OPTION naming the value and the
 * field): the visitor could not tell the two apart, the answer could not say which one was meant, and the browser's
 * select refuses to show it at all.
 */
function uniqueOptions(field: unknown, at: string) {
  const options = (field as { options?: unknown } | undefined)?.options;
  if (!Array.isArray(options)) return;
  const seen = new Set<string>();
  options.forEach((o: { value?: unknown } | undefined, oi) => {
    const value = String(o?.value ?? '');
    if (seen.has(value)) {
      throw formError('FORM_TEMPLATE_DUPLICATE_OPTION', {
        field: `${at}.options.${oi}.value`,
        params: { value, field: at },
      });
    }
    seen.add(value);
  });
}

/** A template's configuration, checked: 400 naming the field of an unknown type or the first invalid path. */
export function checkTemplate(raw: unknown): FormTemplateConfigT {
  const cfg = raw as { sections?: { fields?: { type?: unknown; columns?: { type?: unknown }[] }[] }[] };
  (cfg?.sections ?? []).forEach((s, si) => {
    (s?.fields ?? []).forEach((f, fi) => {
      const at = `configuracion.sections.${si}.fields.${fi}`;
      if (!KNOWN.has(String(f?.type)))
        throw formError('FORM_TEMPLATE_FIELD_TYPE', {
          field: `${at}.type`,
          params: { type: String(f?.type), field: at },
        });
      uniqueOptions(f, at);
      (f?.columns ?? []).forEach((c, ci) => {
        if (!KNOWN.has(String(c?.type)) || c?.type === 'table') {
          throw formError('FORM_TEMPLATE_FIELD_TYPE', {
            field: `${at}.columns.${ci}.type`,
            params: {
              type: String(c?.type),
              field: `${at}.columns.${ci}`,
            },
          });
        }
        uniqueOptions(c, `${at}.columns.${ci}`);
      });
    });
  });
  const parsed = FormTemplateConfig.safeParse(raw);
  if (!parsed.success) {
    const path = `configuracion.${parsed.error.issues[0]?.path.join('.') ?? ''}`;
    throw formError('FORM_TEMPLATE_INVALID', { field: path, params: { field: path } });
  }
  return parsed.data;
}

const MAX_TEXT = 2000;
const MAX_ROWS = 50;

function checkValue(f: FormFieldT, v: unknown, path: string): unknown {
  const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  if (empty) {
    if (f.required && f.type !== 'checkbox')
      throw formError('FORM_FIELD_REQUIRED', { field: path, params: { label: f.label } });
    return f.type === 'table' ? [] : null;
  }
  const bad = () => formError('FORM_FIELD_INVALID', { field: path, params: { label: f.label } });
  const type: FieldType = f.type;
  switch (type) {
    case 'text':
    case 'textarea': {
      if (typeof v !== 'string' || v.length > MAX_TEXT) throw bad();
      return v.trim();
    }
    case 'email': {
      if (typeof v !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())) throw bad();
      return v.trim();
    }
    case 'number':
    case 'amount': {
      const n = typeof v === 'number' ? v : Number(String(v).replace(/\./g, '').replace(',', '.'));
      if (!Number.isFinite(n) || n < 0 || n > 1e15) throw bad();
      return n;
    }
    case 'percentage': {
      const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
      if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) throw bad();
      return n;
    }
    case 'currency':
    case 'select': {
      if (typeof v !== 'string') throw bad();
      if (f.options && !f.options.some((o) => o.value === v)) throw bad();
      return v;
    }
    case 'date': {
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw bad();
      return v;
    }
    case 'checkbox':
      if (typeof v !== 'boolean') throw bad();
      return v;
    case 'table': {
      if (!Array.isArray(v) || v.length > MAX_ROWS) throw bad();
      return v.map((row, n) => {
        if (!row || typeof row !== 'object') throw bad();
        return Object.fromEntries(
          (f.columns ?? []).map((c) => [
            c.key,
            checkValue(c, (row as Record<string, unknown>)[c.key], `${path}.${n}.${c.key}`),
          ]),
        );
      });
    }
  }
}

/** The visitor's answers checked against the template: only the template's fields are kept. */
export function checkAnswers(t: FormTemplateConfigT, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // every field is checked, so that an empty form hears of all its problems at once (issue 25 point 6): the first
  // is the error's field and message, all of them travel in its details for the form to show under each field
  const problems: AppError[] = [];
  for (const s of t.sections) {
    for (const f of s.fields) {
      try {
        out[f.key] = checkValue(f, data[f.key], `form.data.${f.key}`);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        problems.push(e);
      }
    }
  }
  const [first] = problems;
  if (first) {
    throw new AppError(first.code, {
      field: first.field,
      params: first.params,
      messageKey: first.messageKey,
      details: { fields: problems.map((p) => ({ field: p.field, code: p.code, params: p.params })) },
    });
  }
  return out;
}
