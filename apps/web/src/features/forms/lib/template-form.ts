import { FIELD_TYPES, type FieldType, type FormFieldT, type FormTemplateConfigT } from '@regcheck/shared/schemas/forms';

/**
 * The template editor's rules, checked before a preview or a save (the server checks the same and names the field):
 * keys are letters, digits and _ starting with a letter and unique in their list; every field has a label and a known
 * type; a choice needs options (one `value: label` per line); a table needs columns, none of them a table.
 */

export interface TemplateProblem {
  /** where, as the server names it: sections.0.fields.2.type */
  path: string;
  /** the forms:builder.errors key */
  key:
    | 'keyInvalid'
    | 'keyRepeated'
    | 'labelRequired'
    | 'typeUnknown'
    | 'optionsRequired'
    | 'columnsRequired'
    | 'titleRequired';
}

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const KNOWN = new Set<string>(FIELD_TYPES);

function checkFields(fields: FormFieldT[], at: string, out: TemplateProblem[], nested: boolean) {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const p = `${at}.${i}`;
    if (!KEY.test(f.key)) out.push({ path: `${p}.key`, key: 'keyInvalid' });
    else if (seen.has(f.key)) out.push({ path: `${p}.key`, key: 'keyRepeated' });
    seen.add(f.key);
    if (!f.label.trim()) out.push({ path: `${p}.label`, key: 'labelRequired' });
    if (!KNOWN.has(f.type) || (nested && f.type === 'table')) out.push({ path: `${p}.type`, key: 'typeUnknown' });
    if ((f.type === 'select' || f.type === 'currency') && !(f.options ?? []).length)
      out.push({ path: `${p}.options`, key: 'optionsRequired' });
    if (f.type === 'table' && !nested) {
      if (!(f.columns ?? []).length) out.push({ path: `${p}.columns`, key: 'columnsRequired' });
      else checkFields(f.columns ?? [], `${p}.columns`, out, true);
    }
  });
}

export function templateProblems(cfg: FormTemplateConfigT): TemplateProblem[] {
  const out: TemplateProblem[] = [];
  if (!cfg.title.trim()) out.push({ path: 'title', key: 'titleRequired' });
  const seen = new Set<string>();
  cfg.sections.forEach((s, i) => {
    if (!KEY.test(s.key)) out.push({ path: `sections.${i}.key`, key: 'keyInvalid' });
    else if (seen.has(s.key)) out.push({ path: `sections.${i}.key`, key: 'keyRepeated' });
    seen.add(s.key);
    if (!s.title.trim()) out.push({ path: `sections.${i}.title`, key: 'titleRequired' });
    checkFields(s.fields, `sections.${i}.fields`, out, false);
  });
  return out;
}

/** `value: label` lines as options, and back (a line without ':' is its own value and label). */
export function linesToOptions(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      return at < 0 ? { value: l, label: l } : { value: l.slice(0, at).trim(), label: l.slice(at + 1).trim() };
    });
}
export const optionsToLines = (o: FormFieldT['options']) => (o ?? []).map((x) => `${x.value}: ${x.label}`).join('\n');

/** A template configuration as the editor holds it (an empty one for a new 'Formulario N'). */
export function editable(cfg: unknown, fallbackTitle: string): FormTemplateConfigT {
  const c = cfg as Partial<FormTemplateConfigT> | null;
  return {
    title: c?.title ?? fallbackTitle,
    intro: c?.intro ?? '',
    declaration: c?.declaration ?? '',
    sections: c?.sections ?? [],
  };
}

/** A new field's key: field1, field2... not yet used in the list. */
export function newKey(prefix: string, used: string[]) {
  let n = used.length + 1;
  while (used.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

export const newField = (used: string[], type: FieldType = 'text'): FormFieldT => ({
  key: newKey('field', used),
  type,
  label: '',
});
