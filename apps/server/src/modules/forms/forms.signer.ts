import { createHash, createPrivateKey, type KeyObject, sign as rsaSign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';

/**
 * A PAdES signer (sub-filter ETSI.CAdES.detached): a CMS SignedData, detached, over the PDF's byte range, whose signed
 * attributes are the content type, the message digest (SHA-256) and the ESS signing-certificate-v2 (the SHA-256 of
 * the signer's certificate with its issuer and serial), as PAdES baseline B-B asks; the signing time is in the
 * signature dictionary (/M), not in the CMS. The P12 is parsed once per key and passphrase (its PBKDF and 3DES in
 * pure JS cost more than a whole PDF), and the RSA signature is made by Node's crypto, not in JavaScript.
 */

export interface ParsedKey {
  key: KeyObject;
  cert: forge.pki.Certificate;
  certDer: Buffer;
  /** SHA-256 of the certificate's DER, hex: what /public/verify compares */
  fingerprint: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

const cache = new Map<string, ParsedKey>();

const dn = (attrs: forge.pki.CertificateField[]) =>
  attrs.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');

/** The private key and the certificate that matches it, from a P12 and its passphrase; throws when unreadable. */
export function parseP12(p12: Buffer, passphrase: string): ParsedKey {
  const id = createHash('sha256').update(p12).update('\0').update(passphrase).digest('hex');
  const hit = cache.get(id);
  if (hit) return hit;
  const asn = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn, false, passphrase);
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag as string), ...bags(forge.pki.oids.keyBag as string)];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('the P12 holds no RSA private key');
  const certs = bags(forge.pki.oids.certBag as string).flatMap((b) => (b.cert ? [b.cert] : []));
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!cert) throw new Error('no certificate of the P12 matches its private key');
  const certDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const out: ParsedKey = {
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    cert,
    certDer,
    fingerprint: createHash('sha256').update(certDer).digest('hex'),
    subject: dn(cert.subject.attributes),
    issuer: dn(cert.issuer.attributes),
    serialNumber: cert.serialNumber,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
  cache.set(id, out);
  return out;
}

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const oid = (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes());
const seq = (v: forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, v);
const set = (v: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, v);
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, b.toString('binary'));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const der = (a: forge.asn1.Asn1) => Buffer.from(asn1.toDer(a).getBytes(), 'binary');

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};
const sha256Alg = () => seq([oid(OID.sha256)]);

/** The DER of a CMS SignedData (ContentInfo), detached, signed with the key over `content`. */
export function cadesSignature(k: ParsedKey, content: Buffer): Buffer {
  const serial = asn1.create(U, T.INTEGER, false, forge.util.hexToBytes(k.cert.serialNumber));
  const issuerName = forge.pki.distinguishedNameToAsn1(k.cert.issuer);
  const essCertIdV2 = seq([
    // hashAlgorithm DEFAULT sha256: left out, as DER asks of a default value
    octets(createHash('sha256').update(k.certDer).digest()),
    seq([seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuerName])]), serial]),
  ]);
  const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);
  const attrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, seq([seq([essCertIdV2])])),
  ]
    // a DER SET OF is sorted by the encodings of its elements
    .map((a) => ({ a, d: der(a) }))
    .sort((x, y) => Buffer.compare(x.d, y.d))
    .map((x) => x.a);
  const signedAttrs = der(set(attrs));
  const signature = rsaSign('sha256', signedAttrs, k.key);
  const signerInfo = seq([
    int(1),
    seq([issuerName, serial]),
    sha256Alg(),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrs),
    seq([oid(OID.rsaEncryption), asn1.create(U, T.NULL, false, '')]),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([sha256Alg()]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [forge.pki.certificateToAsn1(k.cert)]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/** The @signpdf signer of a parsed key. */
export class CadesSigner extends Signer {
  constructor(private readonly k: ParsedKey) {
    super();
  }
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesSignature(this.k, pdfBuffer);
  }
}
