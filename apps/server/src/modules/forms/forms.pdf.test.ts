import { translate } from '@regcheck/shared';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { opensslPrint, opensslVerify } from '../../../test/forms-fixtures';
import { type PdfInput, renderFormPdf, signPdf } from './forms.pdf';
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
      country: 'CL',
      verifyUrl: 'https://app.regcheck.example/public/verify',
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

  it('reads as a person reads it: company time, formatted documents, no id, the full verification address, one hash said what it covers (issue 25 point 6)', async () => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const sent = '3c5d1d2e-8a41-4b8e-9d55-6f0b1e2a7c10';
    const resent = '9a0b7c44-1f2e-4d3c-8b5a-2e6f7d8c9b01';
    // 14:05:09 UTC on 1 December 2026 is 11:05:09 in Santiago (summer, UTC-3) and in Brasília (UTC-3)
    const at = new Date('2026-12-01T14:05:09Z');
    const input = (country: 'CL' | 'BR'): PdfInput => ({
      formId: '00000000-0000-4000-8000-000000000002',
      locale: country === 'BR' ? 'pt-BR' : 'es',
      country,
      verifyUrl: 'https://app.regcheck.example/public/verify',
      companyName: country === 'BR' ? 'Tecnologia Aurora S.A.' : 'Compañía Ñandú SpA',
      name: country === 'BR' ? 'Comércio Aurora Ltda' : 'José Pérez Muñoz',
      dni: country === 'BR' ? '11222333000181' : '11111111-1',
      template: defaultTemplate('formDOF', country === 'BR' ? 2 : 1, country === 'BR' ? 'pt-BR' : 'es'),
      data: { amount: 1500000, document: country === 'BR' ? '11222333000181' : '11111111-1' },
      photo: PNG,
      idPhoto: PNG,
      signature: PNG,
      steps: [
        { step: 'sent', at: '2026-12-01T13:00:00Z', ip: null, userAgent: null, linkId: sent },
        { step: 'sent', at: '2026-12-01T13:30:00Z', ip: null, userAgent: null, linkId: resent },
        { step: 'opened', at: '2026-12-01T14:00:00Z', ip: '10.0.0.1', userAgent: 'Chromium', linkId: resent },
      ],
      linkId: resent,
      signedAt: at,
      subject: {
        operation: { codigo: 42, reference: 'REF-9', date: '2026-11-30', amount: 1500000, currency: 'CLP' },
        entity: null,
        owners: null,
        prefilled: [],
      },
    });
    const cl = await renderFormPdf({ ...input('CL') });
    const text = (await formPdfText(cl.pdf)).replace(/\n/g, ' ');
    expect(text).toContain(translate('es', 'forms:pdf.at', { date: '01/12/2026', time: '11:05:09', zone: 'Chile' }));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/);
    expect(text).not.toContain('UTC');
    expect(text).toContain('José Pérez Muñoz — 11.111.111-1');
    // a document typed as an answer is shown formatted too
    const docLabel = input('CL')
      .template.sections.flatMap((x) => x.fields)
      .find((f) => f.key === 'document')?.label;
    expect(text).toContain(`${docLabel}: 11.111.111-1`);
    expect(text).not.toMatch(uuid);
    // the links by their order: the resent one signed
    expect(text).toContain(`${translate('es', 'forms:pdf.signedWith')}: n.º 2`);
    expect(text).toContain(`${translate('es', 'forms:pdf.link')}: n.º 1`);
    expect(text).toContain(
      translate('es', 'forms:pdf.formOfOperation', { title: input('CL').template.title, codigo: '000042' }),
    );
    expect(text).toContain('https://app.regcheck.example/public/verify');
    expect(text).toContain(`${translate('es', 'forms:pdf.contentSha256')}: ${cl.contentSha256}`);
    expect(text).toContain(translate('es', 'forms:pdf.contentSha256Covers'));

    const br = await renderFormPdf({ ...input('BR') });
    const textBr = (await formPdfText(br.pdf)).replace(/\n/g, ' ');
    expect(textBr).toContain('11.222.333/0001-81');
    expect(textBr).not.toContain('11222333000181');
    expect(textBr).toContain(
      translate('pt-BR', 'forms:pdf.at', { date: '01/12/2026', time: '11:05:09', zone: 'Brasília' }),
    );
    expect(textBr).not.toMatch(uuid);
  });

  it('a BF names the company it declares for and the beneficial owners on record with their percentages (issue 25 point 2)', async () => {
    const base: PdfInput = {
      formId: '00000000-0000-4000-8000-000000000003',
      locale: 'es',
      country: 'CL',
      verifyUrl: 'https://app.regcheck.example/public/verify',
      companyName: 'Compañía Ñandú SpA',
      name: 'Exportadora Pacífico SpA',
      dni: '76543210-3',
      template: defaultTemplate('formBF', 1, 'es'),
      data: {},
      photo: PNG,
      idPhoto: PNG,
      signature: PNG,
      steps: [],
      linkId: null,
      signedAt: new Date('2026-12-01T14:05:09Z'),
      subject: {
        operation: null,
        entity: { name: 'Exportadora Pacífico SpA', document: '76543210-3' },
        owners: [
          { name: 'Rosa Vidal', document: '11111111-1', participation: 62.5 },
          { name: 'Tomás Vidal', document: '22222222-2', participation: null },
        ],
        prefilled: [],
      },
    };
    const text = (await formPdfText((await renderFormPdf(base)).pdf)).replace(/\n/g, ' ');
    expect(text).toContain(translate('es', 'forms:pdf.ownersKnown', { company: 'Compañía Ñandú SpA' }));
    expect(text).toContain('Rosa Vidal — 11.111.111-1 — 62,5 %');
    expect(text).toContain('Tomás Vidal — 22.222.222-2');
    expect(text).toContain('76.543.210-3');
    // none on record: said so, not left blank
    const none = await renderFormPdf({ ...base, subject: { ...base.subject, owners: [] } as PdfInput['subject'] });
    expect((await formPdfText(none.pdf)).replace(/\n/g, ' ')).toContain(
      translate('es', 'forms:pdf.ownersNone', { company: 'Compañía Ñandú SpA' }),
    );
  });
});
