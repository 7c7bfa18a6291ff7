import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { opensslPrint, opensslVerify } from '../../../test/forms-fixtures';
import { renderFormPdf, signPdf } from './forms.pdf';
import { createP12 } from './forms.signing-key';
import { defaultTemplate } from './forms.templates';
import { verifyPdfSignature } from './forms.verify';

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('the signed form PDF', () => {
  it('renders A4 with accents, signs it, and the PKCS#7 signature validates over the byte range', async () => {
    const key = createP12();
    const at = new Date('2026-05-01T12:00:00Z');
    const { pdf, contentSha256 } = await renderFormPdf({
      formId: '00000000-0000-4000-8000-000000000001',
      locale: 'es',
      companyName: 'Compañía Ñandú SpA',
      name: 'José Pérez Muñoz',
      dni: '11.111.111-1',
      template: defaultTemplate('formDOF', 1, 'es'),
      data: { fullName: 'José Pérez Muñoz', amount: 1500000, currency: 'CLP', origin: 'salary' },
      photo: PNG,
      idPhoto: PNG,
      signature: PNG,
      steps: [{ step: 'opened', at: at.toISOString(), ip: '10.0.0.1', userAgent: 'Chromium', linkId: 'l1' }],
      linkId: 'l1',
      signedAt: at,
    });
    expect(contentSha256).toMatch(/^[0-9a-f]{64}$/);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);

    const signed = await signPdf(pdf, key, { name: 'José', reason: 'Declaración', at });
    const ok = verifyPdfSignature(signed);
    expect(ok?.certPem).toBe(key.certPem);
    // PAdES baseline: ETSI.CAdES.detached, the time in the signature dictionary (/M)
    expect(ok?.subFilter).toBe('ETSI.CAdES.detached');
    expect(signed.toString('latin1')).toMatch(/\/M \(D:\d{14}/);
    // checked independently by openssl: the CMS over the byte range, made with this certificate
    expect(() => opensslVerify(signed, key.certPem)).not.toThrow();
    const dump = opensslPrint(signed);
    // the ESS signing-certificate-v2 of CAdES is among the signed attributes, the signing time is not
    expect(dump).toMatch(/id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/);
    expect(dump).not.toContain('signingTime');

    // one changed byte inside the signed range: the signature no longer validates
    const tampered = Buffer.from(signed);
    const i = tampered.indexOf('José Pérez');
    const at2 = i > 0 ? i : 200;
    tampered[at2] = (tampered[at2] ?? 0) ^ 1;
    expect(verifyPdfSignature(tampered)).toBeNull();
    expect(() => opensslVerify(tampered, key.certPem)).toThrow();
    expect(verifyPdfSignature(pdf)).toBeNull();
  });
});
