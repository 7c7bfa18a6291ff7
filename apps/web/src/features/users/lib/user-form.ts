import { isStrongPassword } from '@regcheck/shared/password';
import { assignableRoles, type Role } from '@regcheck/shared/permissions';

export const USER_LANGS = ['es', 'br', 'en'] as const;
export type UserLang = (typeof USER_LANGS)[number];

/** The fields of the create and edit forms, as the inputs hold them. */
export interface UserFormValues {
  name: string;
  email: string;
  role: string;
  /** '' follows the company's language */
  lang: UserLang | '';
  /** create only: '' sends a welcome e-mail with a link to choose one */
  password: string;
  askPasswordChange: boolean;
  active: boolean;
}

export const USER_FIELDS = ['name', 'email', 'role', 'lang', 'password', 'askPasswordChange', 'active'] as const;
export type UserField = (typeof USER_FIELDS)[number];

export function emptyUserForm(): UserFormValues {
  return { name: '', email: '', role: '', lang: '', password: '', askPasswordChange: true, active: true };
}

export function toFormValues(u: {
  name: string;
  email: string;
  role: string;
  lang: string | null;
  askPasswordChange: boolean;
  active: boolean;
}): UserFormValues {
  const lang = (USER_LANGS as readonly string[]).includes(u.lang ?? '') ? (u.lang as UserLang) : '';
  return { ...u, lang, password: '', askPasswordChange: u.askPasswordChange, active: u.active };
}

/**
 * The roles a company manager may give (section 6): the base list, the two allegations roles only while the
 * channel is active; a monitoring user only userMonitoring; an allegations administrator only coordinators.
 */
export function rolesFor(assigner: Role, allegationsChannelActive: boolean): Role[] {
  return assignableRoles(assigner, 'users', { allegationsChannelActive });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client checks, mirroring the server's: the i18n key of each field's error. */
export function validate(v: UserFormValues, mode: 'create' | 'edit'): Partial<Record<UserField, string>> {
  const errors: Partial<Record<UserField, string>> = {};
  if (!v.name.trim()) errors.name = 'users:validation.required';
  else if (v.name.trim().length > 200) errors.name = 'users:validation.tooLong';
  if (mode === 'create') {
    if (!v.email.trim()) errors.email = 'users:validation.required';
    else if (!EMAIL.test(v.email.trim())) errors.email = 'users:validation.email';
    if (v.password && !isStrongPassword(v.password)) errors.password = 'users:validation.password';
  }
  if (!v.role) errors.role = 'users:validation.required';
  return errors;
}

/** The body of POST /users (create) or PATCH /users/{id} (edit: no e-mail or password here). */
export function toPayload(v: UserFormValues, mode: 'create' | 'edit') {
  const lang = v.lang === '' ? null : v.lang;
  if (mode === 'edit') return { name: v.name.trim(), role: v.role as Role, lang, active: v.active };
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    role: v.role as Role,
    ...(lang ? { lang } : {}),
    ...(v.password ? { password: v.password, askPasswordChange: v.askPasswordChange } : {}),
  };
}

/** The form field an API error names, if it is one of ours. */
export function userFieldOf(field: string | undefined): UserField | null {
  return field && (USER_FIELDS as readonly string[]).includes(field) ? (field as UserField) : null;
}

/** Checks of the password change on edit: the rules, and both entries equal. */
export function validatePassword(password: string, confirm: string): { password?: string; confirm?: string } {
  if (!isStrongPassword(password)) return { password: 'users:validation.password' };
  if (password !== confirm) return { confirm: 'users:validation.confirm' };
  return {};
}
