import { describe, expect, it } from 'vitest';
import { linkOf, operation } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { MAX_IDENTIFY_ATTEMPTS } from './forms.public';

const t = useTestApp();

const identify = (formId: string, key: string, dni: string, lang = 'es') =>
  t.call({
    method: 'POST',
    url: `/api/forms/public/${formId}/identify`,
    payload: { key, dni },
    headers: { 'accept-language': lang },
  });

describe('forms: identification on a link (issue 22)', () => {
  it('shows no digit of the document, in the view nor in the identify answer', async () => {
    const { o, email } = await operation(t);
    expect((await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(200);
    const { formId, key } = await linkOf(t, email);
    const dni = o.associates[0]?.dni as string;
    const digits = dni.replace(/[^0-9]/g, '');

    const view = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).not.toHaveProperty('dniHint');
    expect(view.body).not.toContain(digits.slice(-4));

    const wrong = await identify(formId, key, '1-9');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).not.toContain(digits.slice(-4));

    const right = await identify(formId, key, dni);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ identified: true });
    expect(right.json()).not.toHaveProperty('dniHint');
  });

  it('locks the link after five wrong document numbers, even for the right one; a resend opens a new link', async () => {
    const { o, email } = await operation(t);
    expect((await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`)).statusCode).toBe(200);
    const { formId, key } = await linkOf(t, email);
    const dni = o.associates[0]?.dni as string;

    for (let i = 1; i < MAX_IDENTIFY_ATTEMPTS; i++) {
      const wrong = await identify(formId, key, `${i}1111111-1`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'FORM_DOCUMENT_MISMATCH', field: 'dni' });
      expect(wrong.json().message).toContain(String(MAX_IDENTIFY_ATTEMPTS - i));
    }
    const fifth = await identify(formId, key, '99999999-9');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('FORM_LINK_LOCKED');
    expect(fifth.json().message).toContain('nuevo enlace');

    // the right number no longer opens it, nor does the page or any step; in each language a clear message
    const right = await identify(formId, key, dni, 'en');
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ code: 'FORM_LINK_LOCKED' });
    expect(right.json().message).toContain('new link');
    expect((await identify(formId, key, dni, 'pt-BR')).json().message).toContain('novo link');
    const page = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(page.statusCode).toBe(423);
    expect(page.json().code).toBe('FORM_LINK_LOCKED');

    // the lock is audited once, as the link's holder
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'userId'])
      .where('entityId', '=', formId)
      .where('action', '=', 'form.link.locked')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.userId).toBeNull();

    // a resend issues a new link that starts at zero; the locked one is gone for good
    const resent = await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await linkOf(t, email);
    expect(fresh.key).not.toBe(key);
    expect(fresh.formId).toBe(formId);
    const again = await identify(formId, fresh.key, '11111111-1');
    expect(again.json()).toMatchObject({ code: 'FORM_DOCUMENT_MISMATCH' });
    expect(again.json().message).toContain(String(MAX_IDENTIFY_ATTEMPTS - 1));
    const ok = await identify(formId, fresh.key, dni);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().identified).toBe(true);
    expect((await identify(formId, key, dni)).statusCode).toBe(404);
  });
});
