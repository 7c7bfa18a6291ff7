import { COMPANY_ROLES, type Role } from '@regcheck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { withSystem } from './db/tenant';
import { audit } from './lib/audit';
import { hashPassword, randomToken } from './lib/crypto';
import { createSetupCompany } from './modules/companies';
import { createSetupUser, superAdminExists } from './modules/users';

/** The first start acts before anyone exists: its audit rows name no user. */
const NOBODY = { companyId: null, userId: null };

export const DEMO_COMPANIES = [
  // taxId: the company's own RUT or CNPJ (sample numbers with valid check digits), as the super administrator records it
  {
    key: 'cl',
    name: 'Demo Chile SpA',
    country: 'CL',
    language: 'es' as const,
    massiveBulks: true,
    taxId: '76086428-5',
  },
  {
    key: 'br',
    name: 'Demo Brasil Ltda',
    country: 'BR',
    language: 'br' as const,
    massiveBulks: false,
    taxId: '11222333000181',
  },
];

export function demoEmail(role: Role, companyKey?: string) {
  return companyKey
    ? `${role.toLowerCase()}.${companyKey}@demo.regcheck.app`
    : `${role.toLowerCase()}@demo.regcheck.app`;
}

/** What the first start created, for printing. */
export interface BootstrapReport {
  admin?: { email: string; password?: string; generated: boolean };
  demo?: { password: string; users: { email: string; role: Role; company: string }[] };
}

/**
 * On an empty database: the first super administrator (from REGCHECK_ADMIN_EMAIL / REGCHECK_ADMIN_PASSWORD,
 * or generated and printed once) and, with demo on, two demo companies (Chile and Brazil) with one user per
 * company role and a PEP watcher. Runs once: later starts find the administrator and do nothing.
 */
export async function bootstrap(db: Db, config: Config, log?: FastifyBaseLogger): Promise<BootstrapReport> {
  const report: BootstrapReport = {};
  if (await superAdminExists(db)) return report;
  const adminEmail = (config.adminEmail ?? 'admin@regcheck.local').toLowerCase();
  const generated = !config.adminPassword;
  const adminPassword = config.adminPassword ?? `Rc.${randomToken(12)}9a`;
  const demoHash = config.demo ? await hashPassword(config.demoPassword) : null;
  const adminHash = await hashPassword(adminPassword);
  await withSystem(db, async (trx) => {
    const admin = await createSetupUser(trx, {
      companyId: null,
      name: 'RegCheck Administrator',
      email: adminEmail,
      role: 'superAdmin',
      passwordHash: adminHash,
      askPasswordChange: generated,
    });
    await audit(trx, NOBODY, {
      action: 'bootstrap.superadmin',
      entity: 'user',
      id: admin.id,
      after: { email: adminEmail },
    });
    report.admin = { email: adminEmail, password: generated ? adminPassword : undefined, generated };
    if (!demoHash) return;
    const users: { email: string; role: Role; company: string }[] = [];
    for (const c of DEMO_COMPANIES) {
      const company = await createSetupCompany(trx, {
        name: c.name,
        country: c.country,
        language: c.language,
        massiveBulks: c.massiveBulks,
        allegationsChannelStatus: 'active',
        settings: JSON.stringify({ demo: true, taxId: c.taxId }),
      });
      for (const role of COMPANY_ROLES) {
        const email = demoEmail(role, c.key);
        await createSetupUser(trx, {
          companyId: company.id,
          name: `${c.key.toUpperCase()} ${role}`,
          email,
          role,
          passwordHash: demoHash,
        });
        users.push({ email, role, company: c.name });
      }
      await audit(
        trx,
        { ...NOBODY, companyId: company.id },
        { action: 'bootstrap.demo', entity: 'company', id: company.id, after: { name: c.name } },
      );
    }
    const watcher = demoEmail('watcher');
    await createSetupUser(trx, {
      companyId: null,
      name: 'PEP watcher',
      email: watcher,
      role: 'watcher',
      passwordHash: demoHash,
    });
    users.push({ email: watcher, role: 'watcher', company: '-' });
    report.demo = { password: config.demoPassword, users };
  });
  log?.info({ admin: adminEmail, demo: !!report.demo }, 'first start: accounts created');
  return report;
}

/** The text printed once after the first start. */
export function formatBootstrapReport(r: BootstrapReport, url: string): string {
  const lines: string[] = [];
  if (r.admin) {
    lines.push('', '================ RegCheck: first start ================');
    lines.push(`Open ${url} and sign in.`);
    lines.push(
      `Super administrator: ${r.admin.email}${r.admin.password ? `  password: ${r.admin.password}  (generated: shown only now)` : '  (password from REGCHECK_ADMIN_PASSWORD)'}`,
    );
  }
  if (r.demo) {
    lines.push(`Demo users (password for all: ${r.demo.password}):`);
    for (const u of r.demo.users) lines.push(`  ${u.role.padEnd(22)} ${u.email.padEnd(42)} ${u.company}`);
  }
  if (lines.length) lines.push('========================================================', '');
  return lines.join('\n');
}
