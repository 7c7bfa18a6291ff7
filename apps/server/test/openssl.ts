import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Checks a signed PDF's signature with openssl, independently of our verifier: the /Contents hole holds a CMS
 * SignedData whose signature covers the bytes of the /ByteRange, made with the certificate given as trust anchor.
 * Answers openssl's output; throws when openssl refuses it.
 */
export function opensslVerify(pdf: Buffer, certPem: string): string {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  if (!m) throw new Error('no /ByteRange');
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const hex = /<([0-9a-fA-F]+)>/.exec(text.slice(b, c))?.[1] ?? '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-sig-'));
  try {
    const sig = path.join(dir, 'sig.der');
    const content = path.join(dir, 'content.bin');
    const ca = path.join(dir, 'ca.pem');
    // the hex is padded with zeros after the DER: openssl reads the DER's own length
    fs.writeFileSync(sig, Buffer.from(hex, 'hex'));
    fs.writeFileSync(content, Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    fs.writeFileSync(ca, certPem);
    return execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sig,
        '-content',
        content,
        '-CAfile',
        ca,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The ASN.1 dump of the signature's signed attributes (openssl cms -cmsout -print). */
export function opensslPrint(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(text.lastIndexOf('/ByteRange')));
  if (!m) throw new Error('no /ByteRange');
  const [, b, c] = m.slice(1).map(Number) as [number, number, number];
  const hex = /<([0-9a-fA-F]+)>/.exec(text.slice(b, c))?.[1] ?? '';
  return execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER'], {
    input: Buffer.from(hex, 'hex'),
    encoding: 'utf8',
  });
}
