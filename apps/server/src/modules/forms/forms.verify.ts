import { createHash } from 'node:crypto';
import forge from 'node-forge';

/**
 * Checks the signature of a signed PDF: the /ByteRange covers the whole file but the /Contents hole, the PKCS#7 in
 * /Contents holds a messageDigest equal to the SHA-256 of those bytes, and its signature over the authenticated
 * attributes verifies with the embedded certificate. Answers the signer certificate's PEM, or null when any check
 * fails (not signed, altered, malformed), with the SHA-256 of its DER and the signature's sub-filter.
 */
export function verifyPdfSignature(
  pdf: Buffer,
): { certPem: string; fingerprint: string; subFilter: string | null } | null {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 200));
  if (!m) return null;
  const [a = -1, b = 0, c = 0, d = 0] = m.slice(1).map(Number);
  if (a !== 0 || c + d !== pdf.length || b >= c) return null;
  const hole = text.slice(b, c);
  const hex = /^<([0-9a-fA-F]+)>$/.exec(hole.trim())?.[1];
  if (!hex) return null;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digest = createHash('sha256').update(signed).digest();
  try {
    const der = Buffer.from(hex, 'hex');
    const p7 = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')), {
        strict: false,
        parseAllBytes: false,
      } as unknown as boolean),
    ) as forge.pkcs7.PkcsSignedData & { rawCapture: Record<string, unknown> };
    const raw = p7.rawCapture as { authenticatedAttributes?: forge.asn1.Asn1[]; signature?: string };
    const attrs = raw.authenticatedAttributes;
    const cert = p7.certificates[0];
    if (!attrs || !raw.signature || !cert) return null;
    let messageDigest: string | null = null;
    for (const attr of attrs) {
      const [oidPart, valuePart] = attr.value as forge.asn1.Asn1[];
      const val = (valuePart?.value as forge.asn1.Asn1[] | undefined)?.[0];
      if (!oidPart || !val) return null;
      const oid = forge.asn1.derToOid(oidPart.value as string);
      if (oid === forge.pki.oids.messageDigest) messageDigest = val.value as string;
    }
    if (messageDigest === null || Buffer.from(messageDigest, 'binary').compare(digest) !== 0) return null;
    // the signature is over the DER of the attributes as a SET (tag 0x31), not as the [0] IMPLICIT of the message
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const ok = (cert.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().getBytes(), raw.signature);
    if (!ok) return null;
    const certDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
    const subFilter =
      /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text.slice(Math.max(0, at - 2000), at + 2000))?.[1] ?? null;
    return {
      certPem: forge.pki.certificateToPem(cert),
      fingerprint: createHash('sha256').update(certDer).digest('hex'),
      subFilter,
    };
  } catch {
    return null;
  }
}
