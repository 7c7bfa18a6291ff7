import { describe, expect, it } from 'vitest';
import { multipart, opensslVerify, signedForm } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { parseP12 } from './forms.signer';
import { createP12, platformSigningKey } from './forms.signing-key';
import { verifyPdfSignature } from './forms.verify';

const t = useTestApp();

const url = () => `/api/companies/${t.companies.cl}/signing-key`;
const body = (k = createP12('Demo Chile SpA firma'), password = k.passphrase) => ({
  p12: k.p12.toString('base64'),
  password,
});

async function verify(pdf: Buffer) {
  return (
    await t.call({ method: 'POST', url: '/api/public/verify', ...multipart('file', 'f.pdf', pdf, 'application/pdf') })
  ).json();
}

describe("the company's own signing key", () => {
  it('401, 403, 404 of another company; bad input; the super administrator for any company', async () => {
    const b = body();
    expect((await t.call({ method: 'PUT', url: url(), payload: b })).statusCode).toBe(401);
    expect((await t.put('frontdesk', url(), b)).statusCode).toBe(403);
    expect((await t.put({ as: 'admin', company: 'br' }, url(), b)).statusCode).toBe(404);
    expect((await t.get({ as: 'admin', company: 'br' }, url())).statusCode).toBe(404);
    const notB64 = await t.put('admin', url(), { ...b, p12: '!!not base64!!' });
    expect(notB64.statusCode).toBe(400);
    expect(notB64.json().field).toBe('p12');
    const wrong = await t.put('admin', url(), { ...b, password: 'wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'SIGNING_KEY_INVALID', field: 'p12' });
    expect(wrong.json().message).toContain('P12');
    const old = createP12('Vencido', { notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
    const expired = await t.put('admin', url(), body(old));
    expect(expired.json()).toMatchObject({ code: 'SIGNING_KEY_EXPIRED' });
    expect(expired.json().message).toContain('01/01/2021');
    // nothing stored: the company has no key of its own (an answer, not a 404)
    const none = await t.get('admin', url());
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    // the super administrator uploads for the company (no company of his own), then removes it
    const sa = await t.put('superAdmin', url(), b);
    expect(sa.statusCode, sa.body).toBe(200);
    expect(sa.json().subject).toContain('Demo Chile SpA firma');
    expect(
      (await t.put('superAdmin', '/api/companies/00000000-0000-4000-8000-000000000000/signing-key', b)).statusCode,
    ).toBe(404);
    expect((await t.del('superAdmin', url())).json()).toEqual({ removed: true });
    expect((await t.del('admin', url())).statusCode).toBe(404);
  });

  it('the password is stored sealed and never answered; forms are signed with the company key; both keys verify', async () => {
    const before = (await signedForm(t)).pdf;
    const platform = await platformSigningKey(t.deps.config.dataDir);
    expect(() => opensslVerify(before, platform.certPem)).not.toThrow();

    const k = createP12('Demo Chile SpA firma');
    const up = await t.put('adminNoUser', url(), body(k));
    expect(up.statusCode, up.body).toBe(200);
    expect(JSON.stringify(up.json())).not.toContain(k.passphrase);
    const got = await t.get('admin', url());
    expect(got.json()).toMatchObject({ fingerprint: parseP12(k.p12, k.passphrase).fingerprint });
    expect(JSON.stringify(got.json())).not.toContain(k.passphrase);
    const row = await t.deps.db
      .selectFrom('companySigningKeys')
      .selectAll()
      .where('companyId', '=', t.companies.cl)
      .executeTakeFirstOrThrow();
    expect(row.passphraseSealed).not.toContain(k.passphrase);
    expect(row.passphraseSealed).toMatch(/^v1\./);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'form.signingKey.uploaded')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(k.passphrase);

    const after = (await signedForm(t)).pdf;
    const sig = verifyPdfSignature(after);
    expect(sig?.fingerprint).toBe(parseP12(k.p12, k.passphrase).fingerprint);
    expect(sig?.subFilter).toBe('ETSI.CAdES.detached');
    // openssl agrees: the company's certificate made it, the platform's did not
    expect(() => opensslVerify(after, k.certPem)).not.toThrow();
    expect(() => opensslVerify(after, platform.certPem)).toThrow();
    expect(await verify(after)).toMatchObject({ valid: true, signedByRegCheck: true, integrity: true });
    // the form signed before with the platform key still verifies
    expect(await verify(before)).toMatchObject({ valid: true, signedByRegCheck: true });

    // removed: back to the platform key
    await t.del('admin', url());
    const third = (await signedForm(t)).pdf;
    expect(verifyPdfSignature(third)?.fingerprint).toBe(parseP12(platform.p12, platform.passphrase).fingerprint);
  });
});
