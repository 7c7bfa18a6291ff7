import { type ErrorCode, type Locale, translate } from '@regcheck/shared';
import { DEFAULT_BRAND_COLOR, textOnColor } from '@regcheck/shared/format/index';
import type { MailProfileBody, MailProfileViewT } from '@regcheck/shared/schemas/forms';
import type { z } from 'zod';
import type { MailProfileRow } from '../../db/tables/mail-profiles.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import type { NewMail } from '../mail';
import { queueMail } from '../mail';
import * as repo from './mail-profiles.repo';

/**
 * The company's e-mail profiles (spec 001 §3 "E-mail profile"): list, count, read, create, update, every change
 * audited in its transaction; the test e-mails of POST /tools/sendEmailWithCustomHTML and
 * /tools/sendMailWithTemplateKey; and `withProfile`, which dresses any of the company's e-mails (forms included)
 * with its active profile: sender name, Reply-To, colour, logo and signature.
 */

type ProfileErrorCode = Extract<ErrorCode, `MAIL_PROFILE_${string}`>;

/** An error of the e-mail profiles: its message is in the `forms` catalog under `errors.<CODE>`. */
function profileError(code: ProfileErrorCode, field?: string, params?: Record<string, unknown>) {
  return new AppError(code, { field, params, messageKey: `forms:errors.${code}` });
}

export type MailProfileInput = z.infer<typeof MailProfileBody>;

export function toView(p: MailProfileRow): MailProfileViewT {
  return {
    id: p.id,
    companyName: p.companyName,
    profileName: p.profileName,
    replyEmail: p.replyEmail,
    templateType: p.templateType,
    templateKey: p.templateKey,
    color: p.color,
    logo: p.logo,
    signature: p.signature,
    ssoDomain: p.ssoDomain,
    active: p.active,
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

function values(b: MailProfileInput): repo.MailProfileValues {
  const templateKey = b.templateKey?.trim() || null;
  if (b.templateType === 'specific' && !templateKey)
    throw profileError('MAIL_PROFILE_TEMPLATE_KEY_REQUIRED', 'templateKey');
  return {
    companyName: b.companyName.trim(),
    profileName: b.profileName.trim(),
    replyEmail: b.replyEmail.trim().toLowerCase(),
    templateType: b.templateType,
    templateKey: b.templateType === 'specific' ? templateKey : null,
    color: b.color ?? DEFAULT_BRAND_COLOR,
    logo: b.logo || null,
    signature: b.signature?.trim() || null,
    ssoDomain: b.ssoDomain?.trim().toLowerCase() || null,
    active: b.active ?? false,
  };
}

/** A unique index refused the row: which one, in the user's words. */
function conflict(err: unknown, v: repo.MailProfileValues): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') {
    const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (which.includes('sso'))
      throw profileError('MAIL_PROFILE_SSO_DOMAIN_TAKEN', 'ssoDomain', { domain: v.ssoDomain });
    if (which.includes('name')) throw profileError('MAIL_PROFILE_NAME_TAKEN', 'profileName', { name: v.profileName });
  }
  throw err;
}

export function list(deps: AppDeps, c: TenantCaller, f: { limit: number; skip: number }) {
  return withTenant(deps.db, c.companyId, (trx) => repo.listProfiles(trx, c.companyId, f));
}

export function count(deps: AppDeps, c: TenantCaller) {
  return withTenant(deps.db, c.companyId, (trx) => repo.countProfiles(trx, c.companyId));
}

export function get(deps: AppDeps, c: TenantCaller, id: string) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const p = await repo.findProfile(trx, c.companyId, id);
    if (!p) throw profileError('MAIL_PROFILE_NOT_FOUND', 'id');
    return p;
  });
}

export function create(deps: AppDeps, c: TenantCaller, b: MailProfileInput) {
  const v = values(b);
  return withTenant(deps.db, c.companyId, async (trx) => {
    if (v.active) await repo.deactivateOthers(trx, c.companyId, null);
    const row = await repo
      .insertProfile(trx, { ...v, companyId: c.companyId, createdBy: c.auth.userId })
      .catch((e) => conflict(e, v));
    await audit(trx, c, { action: 'mailProfile.created', entity: 'mailProfile', id: row.id, after: toView(row) });
    return row;
  });
}

export function update(deps: AppDeps, c: TenantCaller, id: string, b: Partial<MailProfileInput>) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await repo.findProfile(trx, c.companyId, id);
    if (!before) throw profileError('MAIL_PROFILE_NOT_FOUND', 'id');
    const v = values({ ...before, ...b } as MailProfileInput);
    if (v.active) await repo.deactivateOthers(trx, c.companyId, id);
    const row = await repo.updateProfile(trx, c.companyId, id, v).catch((e) => conflict(e, v));
    await audit(trx, c, {
      action: 'mailProfile.updated',
      entity: 'mailProfile',
      id,
      before: toView(before),
      after: toView(row),
    });
    return row;
  });
}

/** The HTML frame of a profile: a coloured band with the logo and company name, the body, the signature. */
export function renderHtml(p: MailProfileRow | undefined, bodyHtml: string): string {
  const color = p?.color ?? DEFAULT_BRAND_COLOR;
  const logo = p?.logo
    ? `<img src="${escapeHtml(p.logo)}" alt="" style="max-height:40px;vertical-align:middle;margin-right:8px">`
    : '';
  const head = `<div style="background:${escapeHtml(color)};color:${textOnColor(color)};padding:12px 16px;font:600 16px sans-serif">${logo}${escapeHtml(p?.companyName ?? 'RegCheck')}</div>`;
  const sign = p?.signature
    ? `<div style="border-top:1px solid #ddd;margin-top:16px;padding-top:8px;color:#555;white-space:pre-line">${escapeHtml(p.signature)}</div>`
    : '';
  return `<div style="font:14px/1.5 sans-serif;max-width:600px">${head}<div style="padding:16px">${bodyHtml}${sign}</div></div>`;
}

/** Dresses a plain-text e-mail with a profile: sender name, Reply-To, the HTML frame and the signature. */
export function dress(p: MailProfileRow | undefined, mail: NewMail): NewMail {
  if (!p) return mail;
  const bodyHtml = escapeHtml(mail.text).replace(/\n/g, '<br>');
  return {
    ...mail,
    text: p.signature ? `${mail.text}\n\n--\n${p.signature}` : mail.text,
    html: mail.html ?? renderHtml(p, bodyHtml),
    replyTo: p.replyEmail,
    fromName: p.companyName,
  };
}

/** The company's e-mail with its active profile (none active: the platform's plain e-mail). */
export async function withProfile(trx: Executor, companyId: string, mail: NewMail): Promise<NewMail> {
  return dress(await repo.findActiveProfile(trx, companyId), mail);
}

/** POST /tools/sendEmailWithCustomHTML: a test e-mail with the given HTML body, in the active profile's frame. */
export function sendCustomHtml(
  deps: AppDeps,
  c: TenantCaller,
  b: { mailTo: string; nameTo?: string; subject: string; body: string },
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const p = await repo.findActiveProfile(trx, c.companyId);
    const text = b.body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const mail = dress(p, { companyId: c.companyId, kind: 'mail.test', to: b.mailTo, subject: b.subject, text });
    const id = await queueMail(trx, deps.queue, deps.config, { ...mail, html: renderHtml(p, b.body) });
    await audit(trx, c, {
      action: 'mailProfile.testSent',
      entity: 'mail',
      id,
      after: { to: b.mailTo, subject: b.subject },
    });
    return { sent: true, id };
  });
}

/** POST /tools/sendMailWithTemplateKey: the test message of the profile with that template key, in `lang`. */
export function sendWithTemplateKey(
  deps: AppDeps,
  c: TenantCaller,
  b: { mailTo: string; nameTo?: string; templateKey: string; lang: Locale },
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const p = await repo.findProfileByTemplateKey(trx, c.companyId, b.templateKey);
    if (!p) throw profileError('MAIL_PROFILE_NOT_FOUND', 'templateKey');
    const params = { name: b.nameTo ?? b.mailTo, profile: p.profileName, company: p.companyName };
    const mail = dress(p, {
      companyId: c.companyId,
      kind: 'mail.test',
      to: b.mailTo,
      subject: translate(b.lang, 'forms:mailProfiles.testSubject', params),
      text: translate(b.lang, 'forms:mailProfiles.testBody', params),
    });
    const id = await queueMail(trx, deps.queue, deps.config, mail);
    await audit(trx, c, {
      action: 'mailProfile.testSent',
      entity: 'mail',
      id,
      after: { to: b.mailTo, templateKey: b.templateKey, profileId: p.id },
    });
    return { sent: true, id };
  });
}
