import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';

/**
 * The platform's signing key: a P12 (RSA 2048, self-signed certificate "RegCheck signatures", 10 years) generated on
 * first use and kept in DATA_DIR/signing/platform.p12 with its passphrase beside it (mode 600). A form is signed with
 * it unless its company uploaded its own P12 (forms.keys.service.ts). Kept in memory per data folder.
 */
export interface SigningKey {
  p12: Buffer;
  passphrase: string;
  /** the certificate in PEM, to check a signature was made with this key */
  certPem: string;
}

const cache = new Map<string, Promise<SigningKey>>();

export function platformSigningKey(dataDir: string): Promise<SigningKey> {
  let k = cache.get(dataDir);
  if (!k) {
    k = loadOrCreate(dataDir);
    k.catch(() => cache.delete(dataDir));
    cache.set(dataDir, k);
  }
  return k;
}

function certOf(p12: Buffer, passphrase: string) {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const certBag = forge.pki.oids.certBag as string;
  const bag = parsed.getBags({ bagType: certBag })[certBag]?.[0];
  if (!bag?.cert) throw new Error('platform P12 has no certificate');
  return forge.pki.certificateToPem(bag.cert);
}

async function loadOrCreate(dataDir: string): Promise<SigningKey> {
  const dir = path.join(dataDir, 'signing');
  const p12Path = path.join(dir, 'platform.p12');
  const passPath = path.join(dir, 'platform.pass');
  try {
    const [p12, pass] = await Promise.all([fs.readFile(p12Path), fs.readFile(passPath, 'utf8')]);
    return { p12, passphrase: pass.trim(), certPem: certOf(p12, pass.trim()) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const created = createP12();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // written under a temporary name then renamed: two processes starting at once keep one key
  const tmp = `${p12Path}.${process.pid}.tmp`;
  await fs.writeFile(passPath, created.passphrase, { mode: 0o600, flag: 'wx' }).catch(async (err) => {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  });
  const pass = (await fs.readFile(passPath, 'utf8')).trim();
  if (pass !== created.passphrase) {
    // another process won the race: wait for its key
    for (let i = 0; i < 50; i++) {
      const p12 = await readIfThere(p12Path);
      if (p12) return { p12, passphrase: pass, certPem: certOf(p12, pass) };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('platform signing key: another process did not finish writing it');
  }
  await fs.writeFile(tmp, created.p12, { mode: 0o600 });
  await fs.rename(tmp, p12Path);
  return created;
}

/** A new self-signed P12 (the RSA key from node:crypto: fast; the certificate and container from node-forge). */
export function createP12(
  commonName = 'RegCheck signatures',
  validity: { notBefore?: Date; notAfter?: Date } = {},
): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = validity.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = validity.notAfter ?? new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'RegCheck' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { p12, passphrase, certPem: forge.pki.certificateToPem(cert) };
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
