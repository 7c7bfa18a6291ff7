/**
 * The catalogs of the three interface languages, shared by server and web. One JSON file per namespace and
 * language; a test fails when a language lacks a key that another has.
 * To add a namespace: create locales/{es,en,pt-BR}/<ns>.json and add it to the three imports below.
 */
import enAdmin from './en/admin.json';
import enAllegations from './en/allegations.json';
import enAuth from './en/auth.json';
import enBulk from './en/bulk.json';
import enCoaf from './en/coaf.json';
import enCommon from './en/common.json';
import enCompanyConfig from './en/companyConfig.json';
import enErrors from './en/errors.json';
import enFichas from './en/fichas.json';
import enForms from './en/forms.json';
import enHall from './en/hall.json';
import enMail from './en/mail.json';
import enOperations from './en/operations.json';
import enPlatform from './en/platform.json';
import enProfile from './en/profile.json';
import enRecords from './en/records.json';
import enReports from './en/reports.json';
import enRoles from './en/roles.json';
import enScreening from './en/screening.json';
import enShell from './en/shell.json';
import enSystem from './en/system.json';
import enUsers from './en/users.json';
import esAdmin from './es/admin.json';
import esAllegations from './es/allegations.json';
import esAuth from './es/auth.json';
import esBulk from './es/bulk.json';
import esCoaf from './es/coaf.json';
import esCommon from './es/common.json';
import esCompanyConfig from './es/companyConfig.json';
import esErrors from './es/errors.json';
import esFichas from './es/fichas.json';
import esForms from './es/forms.json';
import esHall from './es/hall.json';
import esMail from './es/mail.json';
import esOperations from './es/operations.json';
import esPlatform from './es/platform.json';
import esProfile from './es/profile.json';
import esRecords from './es/records.json';
import esReports from './es/reports.json';
import esRoles from './es/roles.json';
import esScreening from './es/screening.json';
import esShell from './es/shell.json';
import esSystem from './es/system.json';
import esUsers from './es/users.json';
import type { Locale } from './language';
import ptAdmin from './pt-BR/admin.json';
import ptAllegations from './pt-BR/allegations.json';
import ptAuth from './pt-BR/auth.json';
import ptBulk from './pt-BR/bulk.json';
import ptCoaf from './pt-BR/coaf.json';
import ptCommon from './pt-BR/common.json';
import ptCompanyConfig from './pt-BR/companyConfig.json';
import ptErrors from './pt-BR/errors.json';
import ptFichas from './pt-BR/fichas.json';
import ptForms from './pt-BR/forms.json';
import ptHall from './pt-BR/hall.json';
import ptMail from './pt-BR/mail.json';
import ptOperations from './pt-BR/operations.json';
import ptPlatform from './pt-BR/platform.json';
import ptProfile from './pt-BR/profile.json';
import ptRecords from './pt-BR/records.json';
import ptReports from './pt-BR/reports.json';
import ptRoles from './pt-BR/roles.json';
import ptScreening from './pt-BR/screening.json';
import ptShell from './pt-BR/shell.json';
import ptSystem from './pt-BR/system.json';
import ptUsers from './pt-BR/users.json';

// the language helpers live apart so that a bundle taking only them (the web app) does not take the catalogs too
export * from './language';

type Catalog = Record<string, unknown>;

export const resources: Record<Locale, Record<string, Catalog>> = {
  es: {
    errors: esErrors,
    roles: esRoles,
    mail: esMail,
    common: esCommon,
    auth: esAuth,
    shell: esShell,
    fichas: esFichas,
    screening: esScreening,
    operations: esOperations,
    admin: esAdmin,
    hall: esHall,
    profile: esProfile,
    system: esSystem,
    forms: esForms,
    allegations: esAllegations,
    bulk: esBulk,
    reports: esReports,
    coaf: esCoaf,
    users: esUsers,
    records: esRecords,
    companyConfig: esCompanyConfig,
    platform: esPlatform,
  },
  en: {
    errors: enErrors,
    roles: enRoles,
    mail: enMail,
    common: enCommon,
    auth: enAuth,
    shell: enShell,
    fichas: enFichas,
    screening: enScreening,
    operations: enOperations,
    admin: enAdmin,
    hall: enHall,
    profile: enProfile,
    system: enSystem,
    forms: enForms,
    allegations: enAllegations,
    bulk: enBulk,
    reports: enReports,
    coaf: enCoaf,
    users: enUsers,
    records: enRecords,
    companyConfig: enCompanyConfig,
    platform: enPlatform,
  },
  'pt-BR': {
    errors: ptErrors,
    roles: ptRoles,
    mail: ptMail,
    common: ptCommon,
    auth: ptAuth,
    shell: ptShell,
    fichas: ptFichas,
    screening: ptScreening,
    operations: ptOperations,
    admin: ptAdmin,
    hall: ptHall,
    profile: ptProfile,
    system: ptSystem,
    forms: ptForms,
    allegations: ptAllegations,
    bulk: ptBulk,
    reports: ptReports,
    coaf: ptCoaf,
    users: ptUsers,
    records: ptRecords,
    companyConfig: ptCompanyConfig,
    platform: ptPlatform,
  },
};

export const NAMESPACES = Object.keys(resources.es);

function lookup(catalog: Catalog | undefined, path: string): string | undefined {
  let cur: unknown = catalog;
  for (const part of path.split('.')) {
    if (cur && typeof cur === 'object' && part in (cur as Catalog)) cur = (cur as Catalog)[part];
    else return undefined;
  }
  return typeof cur === 'string' ? cur : undefined;
}

/** Translates `ns:key` (or `key` in `errors`) with {{param}} interpolation; falls back to en, then the key. */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  const text = lookup(resources[locale][ns], path) ?? lookup(resources.en[ns], path) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
