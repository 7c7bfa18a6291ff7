import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { formatDate } from '@regcheck/shared/format/date';
import type { CompanySigningKeyRow } from '../../db/tables/forms.tables';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { checkUpload } from '../../lib/uploads';
import type { AppDeps, Caller } from '../../plugins/context';
import { formError } from './forms.errors';
import * as repo from './forms.keys.repo';
import { actsForAnyCompany } from './forms.policy';
import { type ParsedKey, parseP12 } from './forms.signer';
import { platformSigningKey } from './forms.signing-key';

/**
 * The company's own signing key (issue 9 §6: "the company's if uploaded, else a platform key"): a P12 uploaded by the
 * super administrator or the company's administrators, checked (readable with its password, an RSA key matching its
 * certificate, valid today), stored with its password sealed (AES-256-GCM, a key derived from PROVIDER_SECRET_KEY or
 * the JWT secret with its own label) and never answered back. Forms the company's participants sign from then on are
 * signed with it; /public/verify recognises both keys through each form's stored certificate fingerprint.
 */

function sealKey(deps: AppDeps) {
  return createHash('sha256')
    .update(`regcheck.signing-keys:${deps.config.providers.secretKey ?? deps.jwtSecret}`)
    .digest();
}
function seal(deps: AppDeps, plain: string) {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(deps), iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}
function unseal(deps: AppDeps, sealed: string) {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('sealed passphrase: unknown format');
  const d = createDecipheriv('aes-256-gcm', sealKey(deps), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

export function keyView(k: CompanySigningKeyRow) {
  return {
    subject: k.subject,
    issuer: k.issuer,
    serialNumber: k.serialNumber,
    fingerprint: k.fingerprint,
    notBefore: new Date(k.notBefore).toISOString(),
    notAfter: new Date(k.notAfter).toISOString(),
    uploadedAt: new Date(k.uploadedAt).toISOString(),
  };
}

/** The company whose key a call reads or changes: the super administrator's named one, else the caller's own. */
async function companyOf(deps: AppDeps, c: Caller, companyId: string) {
  if (actsForAnyCompany(c)) {
    if (!(await withSystem(deps.db, (trx) => repo.companyExists(trx, companyId))))
      throw formError('SIGNING_KEY_NOT_FOUND');
    return companyId;
  }
  // another company's key is a 404, as every other company's record
  if (c.companyId !== companyId) throw formError('SIGNING_KEY_NOT_FOUND');
  return companyId;
}

export async function getCompanyKey(deps: AppDeps, c: Caller, companyId: string) {
  const id = await companyOf(deps, c, companyId);
  const k = await withTenant(deps.db, id, (trx) => repo.findCompanyKey(trx, id));
  // no key of its own is a state of the company, not a missing record: forms are signed with the platform key
  return k ? keyView(k) : null;
}

/** A company's PKCS#12 file: at most 150 kB (the body takes 200,000 base64 characters). */
const MAX_P12_BYTES = 150_000;

/** PUT /companies/{companyId}/signing-key {p12 (base64), password}: replaces the company's key, audited. */
export async function putCompanyKey(deps: AppDeps, c: Caller, companyId: string, b: { p12: string; password: string }) {
  const id = await companyOf(deps, c, companyId);
  const bytes = Buffer.from(b.p12, 'base64');
  // a PKCS#12 file is binary: the one upload check only refuses it empty or over the limit; parseP12 reads it
  if ((await checkUpload(bytes, ['binary'], MAX_P12_BYTES)).problem)
    throw formError('SIGNING_KEY_INVALID', { field: 'p12' });
  let k: ParsedKey;
  try {
    k = parseP12(bytes, b.password);
  } catch (err) {
    c.log.info({ err: err instanceof Error ? err.message : String(err) }, 'signing key refused');
    throw formError('SIGNING_KEY_INVALID', { field: 'p12' });
  }
  const now = Date.now();
  if (k.notBefore.getTime() > now || k.notAfter.getTime() < now) {
    throw formError('SIGNING_KEY_EXPIRED', {
      field: 'p12',
      params: {
        from: formatDate(k.notBefore.toISOString()),
        to: formatDate(k.notAfter.toISOString()),
      },
    });
  }
  return withTenant(deps.db, id, async (trx) => {
    const before = await repo.findCompanyKey(trx, id);
    const row = await repo.upsertCompanyKey(trx, id, {
      p12: bytes,
      passphraseSealed: seal(deps, b.password),
      subject: k.subject,
      issuer: k.issuer,
      serialNumber: k.serialNumber,
      fingerprint: k.fingerprint,
      notBefore: k.notBefore,
      notAfter: k.notAfter,
      uploadedBy: c.auth.userId,
    });
    // the audit row names the certificate, never the file or its password
    await audit(
      trx,
      { ...c, companyId: id },
      {
        action: 'form.signingKey.uploaded',
        entity: 'company',
        id,
        before: before ? keyView(before) : null,
        after: keyView(row),
      },
    );
    return keyView(row);
  });
}

export async function deleteCompanyKey(deps: AppDeps, c: Caller, companyId: string) {
  const id = await companyOf(deps, c, companyId);
  return withTenant(deps.db, id, async (trx) => {
    const before = await repo.findCompanyKey(trx, id);
    if (!before) throw formError('SIGNING_KEY_NOT_FOUND');
    await repo.deleteCompanyKey(trx, id);
    await audit(
      trx,
      { ...c, companyId: id },
      {
        action: 'form.signingKey.removed',
        entity: 'company',
        id,
        before: keyView(before),
      },
    );
    return { removed: true };
  });
}

/**
 * The key a form of the company is signed with, inside the signing transaction: the company's own when it has one
 * valid today, else the platform's.
 */
export async function signingKeyFor(deps: AppDeps, trx: Executor, companyId: string): Promise<ParsedKey> {
  const own = await repo.findCompanyKey(trx, companyId);
  const now = Date.now();
  if (own && new Date(own.notBefore).getTime() <= now && new Date(own.notAfter).getTime() >= now) {
    return parseP12(Buffer.from(own.p12), unseal(deps, own.passphraseSealed));
  }
  const platform = await platformSigningKey(deps.config.dataDir);
  return parseP12(platform.p12, platform.passphrase);
}

/** The platform key's certificate fingerprint (for /public/verify). */
export async function platformFingerprint(deps: AppDeps) {
  const platform = await platformSigningKey(deps.config.dataDir);
  return parseP12(platform.p12, platform.passphrase).fingerprint;
}
